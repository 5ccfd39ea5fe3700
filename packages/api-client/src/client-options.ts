import type { Language } from "@platform/domain";
import type { RetryOptions } from "ky";
import type { PageAnswer } from "./contract/page-data";
import type { ApiError } from "./errors";
import type { ClientStorage } from "./storage";

/** Why the session ended: the server's 8888 reason, or a refresh that did not work. */
export type SessionEndReason = "invalid_grant" | "invalid_request" | "refresh_failed";

export interface ApiClientHooks {
  /**
   * A call failed in a way the person should hear about (spec §8 toasts): show `error.msg`, or the
   * translation of `error.messageKey` when it is empty. Not called for cancelled calls or expiry.
   */
  readonly onError?: (error: ApiError) => void;
  /**
   * The session is over (spec §4): show the 'tip' dialog; its confirm calls `client.endSession()`
   * and reloads. Called once per session, however many calls find out at the same time.
   */
  readonly onSessionExpired?: (reason: SessionEndReason) => void;
}

export interface ApiClientOptions {
  /**
   * Origin the API lives at; default "" (same origin, for browsers). Non-browser hosts give an
   * absolute URL such as "http://127.0.0.1:8080".
   */
  readonly baseUrl?: string;
  /** Path prefix of every call; default "/api" (spec §7). */
  readonly basePath?: string;
  /** The OAuth client of this front-end: sent as the `Basic` header and as `clientId` params. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** The fixed symmetric key (base64, 32 bytes) that seals token-endpoint params into `req`. */
  readonly reqKey: string;
  readonly storage?: ClientStorage;
  readonly hooks?: ApiClientHooks;
  /** Every call resolves no sooner than this after it began (spec §9: 300 ms; 0: no floor). */
  readonly minimumResponseMs?: number;
  /** Per-attempt timeout of product calls (spec §9: 30 s). */
  readonly timeoutMs?: number;
  /** Wait between a token refresh and the replay (spec §4: 1 s). */
  readonly refreshRetryDelayMs?: number;
  /** ky's own retries (default none). The 401 replay does not depend on it. */
  readonly retry?: RetryOptions | number;
  /** The `language` header's language while none is stored (default zhCN; the app: the browser's). */
  readonly defaultLanguage?: () => Language;
  /** The `time-zone` header (default: the device's zone as "GMT+08:00"). */
  readonly timeZone?: () => string;
  readonly fetch?: typeof fetch;
  /**
   * Answers the page arrived with (`readPageData`, decision 0035): a call whose name and request
   * match one is answered from it once, at once (no request, no floor), while it is fresh.
   */
  readonly pageAnswers?: readonly PageAnswer[];
  /** How long the page's answers may stand in for a call (default 15 s after the client is made). */
  readonly pageAnswersMaxAgeMs?: number;
  /**
   * The `language` header the page's answers were made in (the data block's `data-language`):
   * they stand in only for calls in that language.
   */
  readonly pageAnswersLanguage?: string | undefined;
}

export interface CallOptions {
  /** Aborting makes the call reject with a silent `cancelled` ApiError. */
  readonly signal?: AbortSignal;
  /** For money calls: reuse a key to make a retry of the same intent safe (default: a fresh one). */
  readonly idempotencyKey?: string;
  /** Failures are not passed to `hooks.onError` (background calls such as tracking): still thrown. */
  readonly quiet?: boolean;
}
