import type { MessageId } from "./messages";

/** Business codes of the envelope (HTTP 200 with `code` ≠ 200). */
export const BusinessCode = {
  invalid: 400,
  /** The balance does not cover it. */
  insufficient: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  sessionOver: 8888,
} as const;
export type BusinessCode = (typeof BusinessCode)[keyof typeof BusinessCode];

/** A refusal the person is told about, in their language. */
export class BusinessError extends Error {
  constructor(
    readonly code: BusinessCode,
    readonly key: MessageId,
    readonly values: Readonly<Record<string, string | number>> = {},
    /** The envelope's data (8888 carries invalid_grant / invalid_request). */
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

/** No (valid) access token: HTTP 401, so the client refreshes and replays. */
export class Unauthenticated extends Error {
  constructor() {
    super("unauthenticated");
  }
}
