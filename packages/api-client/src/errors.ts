import type { MessageKey } from "@platform/domain";

/**
 * What went wrong with a call (spec §8):
 * - `business`: the server answered with a code other than 200 (its `msg` says why);
 * - `sessionExpired`: code 8888 with invalid_grant / invalid_request, or a refresh that failed;
 * - `http`: an error status (500 and others) without a business answer;
 * - `network`: no answer at all (offline, refused, DNS);
 * - `timeout`: no answer within the timeout (30 s for product calls);
 * - `cancelled`: the caller (or a newer first-page request) aborted it; never shown to anyone.
 */
export type ApiErrorKind = "business" | "sessionExpired" | "http" | "network" | "timeout" | "cancelled";

export interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  /** The business code of the envelope, when there was one. */
  readonly code?: number | null;
  /** The HTTP status, when there was an answer. */
  readonly status?: number | null;
  /** Text to show as it is: the server's `msg`, a status text, or the runtime's own message. */
  readonly msg?: string;
  /** The `data` of the envelope (for 8888: the reason). */
  readonly data?: unknown;
  /** The envelope's `msgKey`: the stable key of the server's sentence. */
  readonly msgKey?: string | null;
  /** The envelope's `msgValues`: what the sentence is filled with. */
  readonly msgValues?: Readonly<Record<string, string | number>>;
  readonly cause?: unknown;
}

/** The one error every call rejects with. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly code: number | null;
  readonly status: number | null;
  /** Text from the server or the runtime; may be empty, then show `messageKey`. */
  readonly msg: string;
  readonly data: unknown;
  /**
   * The stable key of the server's sentence (`server.wrongCredentials`, a domain message key…), so
   * the app can show its own catalog's text in the person's language; null when none came.
   */
  readonly msgKey: string | null;
  /** The values of the server's sentence (`{seconds: 47}`), for the app's text of `msgKey`. */
  readonly msgValues: Readonly<Record<string, string | number>>;

  constructor(init: ApiErrorInit) {
    super(init.msg || `${init.kind} error in ${init.endpoint}`, { cause: init.cause });
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.code = init.code ?? null;
    this.status = init.status ?? null;
    this.msg = init.msg ?? "";
    this.data = init.data;
    this.msgKey = init.msgKey ?? null;
    this.msgValues = init.msgValues ?? {};
  }

  /**
   * Seconds until the same call can succeed, when the server said so (`data.retryAfterSeconds` of
   * a 429, e.g. a second SMS code within 60 s); null otherwise.
   */
  get retryAfterSeconds(): number | null {
    const data: unknown = this.data;
    if (typeof data !== "object" || data === null || !("retryAfterSeconds" in data)) return null;
    const seconds = data.retryAfterSeconds;
    return typeof seconds === "number" && Number.isSafeInteger(seconds) && seconds > 0 ? seconds : null;
  }

  /** The sentence to show when `msg` is empty (translated by `@platform/i18n`). */
  get messageKey(): MessageKey {
    // Written as the keys' values (checked against MessageKey by the compiler) so the browser
    // bundle does not carry the whole table of keys for four of them.
    switch (this.kind) {
      case "network":
        return "error.network";
      case "timeout":
        return "error.timeout";
      case "sessionExpired":
        return "error.sessionExpired";
      default:
        return "error.system";
    }
  }

  /** Whether the host should tell the person (cancelled calls are silent; expiry has its dialog). */
  get shouldNotify(): boolean {
    return this.kind !== "cancelled" && this.kind !== "sessionExpired";
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A message key is dotted words (`server.wrongCredentials`); anything else is not one. */
const messageKeyPattern = /^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/;

/**
 * An answer's `msgKey` and `msgValues` when they have the right shape (else none): an envelope of
 * any call, or the body of a refused upload.
 */
export function messageOf(body: unknown): Pick<ApiErrorInit, "msgKey" | "msgValues"> {
  if (typeof body !== "object" || body === null) return {};
  const record = body as { readonly msgKey?: unknown; readonly msgValues?: unknown };
  const key =
    typeof record.msgKey === "string" && messageKeyPattern.test(record.msgKey) ? record.msgKey : null;
  if (key === null) return {};
  const values: Record<string, string | number> = {};
  if (typeof record.msgValues === "object" && record.msgValues !== null) {
    for (const [name, value] of Object.entries(record.msgValues)) {
      if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))
        values[name] = value;
    }
  }
  return { msgKey: key, msgValues: values };
}
