import type { BusinessCode } from "@platform/domain";
import type { MessageId } from "./messages";

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
