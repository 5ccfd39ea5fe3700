/**
 * What a database error says, read through drizzle's wrapping: its PostgreSQL code, whether the
 * database is away, one line for a log. No imports: every file of `db/` may use it.
 */

/** An error and its `cause`s, outermost first (drizzle wraps the driver's error), at most four. */
export function* causeChain(error: unknown): Generator<Record<string, unknown>> {
  for (let e: unknown = error, depth = 0; e !== null && typeof e === "object" && depth < 4; depth++) {
    yield e as Record<string, unknown>;
    e = (e as { cause?: unknown }).cause;
  }
}

/** The database's code of an error, whether the driver's own or wrapped by drizzle (`cause`). */
export function databaseCode(error: unknown): string | null {
  for (const { code } of causeChain(error))
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  return null;
}

/** Node's codes for a connection that could not be made or was lost. */
const NETWORK = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);

/** pg's own words when a connection is gone or none could be had in time. */
const LOST =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * The database is away (restarting, unreachable, out of connections): the request did nothing and
 * may be tried again in a moment. PostgreSQL's class 08 (connection exception), 57P01–57P03
 * (shutting down, starting up) and 53300 (too many connections), Node's network codes, pg's own
 * words for a lost or timed-out connection — looked for through drizzle's `cause`.
 */
export function isDatabaseAway(error: unknown): boolean {
  const code = databaseCode(error);
  if (code !== null && (code.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(code)))
    return true;
  for (const { code: nodeCode, message } of causeChain(error)) {
    if (typeof nodeCode === "string" && NETWORK.has(nodeCode)) return true;
    if (typeof message === "string" && LOST.test(message)) return true;
  }
  return false;
}

/** The database's message, code, detail and the statement's cause, as one line for a log. */
export function describeDatabaseError(error: unknown): string {
  const parts: string[] = [];
  for (const { message, code, detail } of causeChain(error)) {
    if (typeof message === "string" && message !== "") parts.push(message);
    if (typeof code === "string") parts.push(`(code ${code})`);
    if (typeof detail === "string" && detail !== "") parts.push(detail);
  }
  return parts.length > 0 ? parts.join(" ") : String(error);
}
