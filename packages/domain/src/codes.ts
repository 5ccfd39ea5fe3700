// The codes the helpers below test for, as module constants: a browser bundle that calls a helper
// carries a number, not the whole table (which is for the server and for readers).
const OK = 200;
const INSUFFICIENT = 402;
const FORBIDDEN = 403;
const NOT_FOUND = 404;
const TOO_MANY = 429;
const SESSION_EXPIRED = 8888;

/**
 * The business codes of the response envelope `{code, msg, data}` (spec §8), the one table of
 * them: the server answers with these, the client and the app read them. A transport-level refusal
 * (no session, an unknown path, a failure) is answered with the HTTP status of the same number.
 */
export const BusinessCode = {
  ok: OK,
  /** The request is not acceptable as it stands (a field, a rule). */
  invalid: 400,
  /** No valid access token: the client refreshes and replays. */
  unauthenticated: 401,
  /** The balance does not cover it. */
  insufficient: INSUFFICIENT,
  forbidden: FORBIDDEN,
  notFound: NOT_FOUND,
  conflict: 409,
  /** An upload larger than it declared. */
  tooLarge: 413,
  /** An upload whose type is not the one it declared. */
  unsupportedType: 415,
  tooMany: TOO_MANY,
  systemError: 500,
  /**
   * A party the server depends on did not answer (a payment provider, the e-wallet): nothing
   * changed; try again later. The server's own faults stay `systemError`.
   */
  unavailable: 503,
  /** With `data` invalid_grant / invalid_request: the session is over (spec §8). */
  sessionExpired: SESSION_EXPIRED,
} as const;
export type BusinessCode = (typeof BusinessCode)[keyof typeof BusinessCode];

/** With code 8888, these `data` values end the session. */
export const sessionExpiredReasons = ["invalid_grant", "invalid_request"] as const;
export type SessionExpiredReason = (typeof sessionExpiredReasons)[number];

/** Code 8888 with a reason that ends the session (spec §8). */
export function isSessionExpired(code: unknown, data: unknown): code is typeof SESSION_EXPIRED {
  return (
    code === SESSION_EXPIRED &&
    typeof data === "string" &&
    (sessionExpiredReasons as readonly string[]).includes(data)
  );
}

/** The envelope says the call succeeded (`code` 200): its `data` is the answer. */
export function isOk(code: unknown): code is typeof OK {
  return code === OK;
}

/**
 * The business code an error carries (an `ApiError` of `@platform/api-client`, or any object with
 * a numeric `code`), or null: an error without an answer (network, timeout) has none.
 */
export function businessCodeOf(error: unknown): number | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null;
  const code: unknown = error.code;
  return typeof code === "number" ? code : null;
}

/** The server said the thing asked for does not exist (or is not visible to this caller). */
export function isNotFound(error: unknown): boolean {
  return businessCodeOf(error) === NOT_FOUND;
}

/** The server said the thing exists but belongs to someone else (e.g. another person's folder). */
export function isForbidden(error: unknown): boolean {
  return businessCodeOf(error) === FORBIDDEN;
}

/** The server refused because the balance does not cover it. */
export function isInsufficient(error: unknown): boolean {
  return businessCodeOf(error) === INSUFFICIENT;
}

/** The server refused because of too many calls (wait: `retryAfterSeconds` when it said). */
export function isTooMany(error: unknown): boolean {
  return businessCodeOf(error) === TOO_MANY;
}
