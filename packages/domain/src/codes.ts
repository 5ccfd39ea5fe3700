/**
 * The business codes of the response envelope `{code, msg, data}` (spec §8), the one table of
 * them: the server answers with these, the client and the app read them. A transport-level refusal
 * (no session, an unknown path, a failure) is answered with the HTTP status of the same number.
 */
export const BusinessCode = {
  ok: 200,
  /** The request is not acceptable as it stands (a field, a rule). */
  invalid: 400,
  /** No valid access token: the client refreshes and replays. */
  unauthenticated: 401,
  /** The balance does not cover it. */
  insufficient: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  /** An upload larger than it declared. */
  tooLarge: 413,
  /** An upload whose type is not the one it declared. */
  unsupportedType: 415,
  tooMany: 429,
  systemError: 500,
  /** With `data` invalid_grant / invalid_request: the session is over (spec §8). */
  sessionExpired: 8888,
} as const;
export type BusinessCode = (typeof BusinessCode)[keyof typeof BusinessCode];

/** With code 8888, these `data` values end the session. */
export const sessionExpiredReasons = ["invalid_grant", "invalid_request"] as const;
export type SessionExpiredReason = (typeof sessionExpiredReasons)[number];

export function isSessionExpired(code: unknown, data: unknown): boolean {
  return (
    code === BusinessCode.sessionExpired &&
    typeof data === "string" &&
    (sessionExpiredReasons as readonly string[]).includes(data)
  );
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
  return businessCodeOf(error) === BusinessCode.notFound;
}

/** The server refused because the balance does not cover it. */
export function isInsufficient(error: unknown): boolean {
  return businessCodeOf(error) === BusinessCode.insufficient;
}

/** The server refused because of too many calls (wait: `retryAfterSeconds` when it said). */
export function isTooMany(error: unknown): boolean {
  return businessCodeOf(error) === BusinessCode.tooMany;
}
