/**
 * What of an unexpected error may go to the log. A failed query's parameters are people's data
 * (phones, names, tokens' hashes, what they typed), and a database's own message quotes the value
 * it choked on ('invalid input syntax for type bigint: "…"', 'Key (mobile)=(…) already exists'):
 * the log keeps the SQL text, the database's error code and where it came from, never those.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const query = (error as { query?: unknown }).query;
  if (typeof query === "string") {
    return {
      type: error.name,
      query: query.slice(0, 4000),
      database: databaseFacts(error.cause),
      stack: framesOf(error.stack),
    };
  }
  const facts = databaseFacts(error);
  if (facts !== null) return { type: error.name, database: facts, stack: framesOf(error.stack) };
  return { type: error.name, message: error.message, stack: error.stack };
}

/** A database error's code and origin (not its message or detail, which quote values). */
function databaseFacts(error: unknown): Record<string, unknown> | null {
  if (error === null || typeof error !== "object") return null;
  const { code, severity, routine, table, column, constraint } = error as Record<string, unknown>;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return null;
  return { code, severity, routine, table, column, constraint };
}

/** The stack's frames only (its first lines repeat the message). */
function framesOf(stack: string | undefined): string | undefined {
  return stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
}
