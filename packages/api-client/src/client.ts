import { languageHeader, limits } from "@platform/domain";
import { answerKey } from "./contract/page-data";
import type { ApiClientOptions, CallOptions } from "./client-options";
import type { EndpointDef, EndpointName } from "./endpoints";
import { ApiError } from "./errors";
import { RequestSender, abortError, kindOf } from "./request";
import { endpoints } from "./endpoints";
import type { RequestOf, ResponseOf } from "./types";

/** Resolve after `ms`, or reject as cancelled as soon as the signal aborts. */
function wait(ms: number, signal: AbortSignal | undefined, endpoint: string): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal, endpoint));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal, endpoint));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Endpoints whose new first page cancels the earlier in-flight requests (spec §7): register this
 * call, and abort the others when it asks for page 1.
 */
function trackFirstPage(
  inFlight: Map<EndpointName, Set<AbortController>>,
  name: EndpointName,
  def: EndpointDef,
  request: unknown,
): AbortController | null {
  if (!def.firstPageCancels) return null;
  let set = inFlight.get(name);
  if (!set) {
    set = new Set();
    inFlight.set(name, set);
  }
  const current = (request as { current?: unknown } | undefined)?.current ?? 1;
  if (current === 1) {
    for (const other of set) other.abort(new DOMException("superseded by a new first page", "AbortError"));
    set.clear();
  }
  const controller = new AbortController();
  set.add(controller);
  return controller;
}

/**
 * The transport of every call (spec §7, §8, §4 session): headers, the envelope, the 300 ms floor,
 * one shared token refresh for any number of 401s, the replay, cancellation, and the encrypted `req`
 * of token endpoints. Framework-free: hosts pass storage and hooks in.
 *
 * In layers, one concern each: the stored session and its refresh (`ClientSession`), sending one
 * request (`RequestSender`), and here a call as the product makes it.
 */
export class ApiClient extends RequestSender {
  /** In-flight calls of endpoints whose new first page cancels them. */
  private readonly inFlight = new Map<EndpointName, Set<AbortController>>();
  /** The page's answers not yet used, by `answerKey`, and until when they may be. */
  private readonly pageAnswers = new Map<string, unknown>();
  private readonly pageAnswersUntil: number;

  constructor(options: ApiClientOptions) {
    super(options);
    for (const answer of options.pageAnswers ?? []) {
      this.pageAnswers.set(answerKey(answer.call, answer.request), answer.data);
    }
    this.pageAnswersUntil = Date.now() + (options.pageAnswersMaxAgeMs ?? 15_000);
  }

  /** The page's answer to this call, once: only a reading call (no money, no token), while fresh. */
  private takePageAnswer(name: EndpointName, def: EndpointDef, request: unknown): { data: unknown } | null {
    if (this.pageAnswers.size === 0 || def.money || kindOf(def) === "token") return null;
    // Answers made in another language (chosen since the page's cookie was written) are dropped.
    const spoken = languageHeader(this.language);
    if (Date.now() > this.pageAnswersUntil || (this.options.pageAnswersLanguage ?? spoken) !== spoken) {
      this.pageAnswers.clear();
      return null;
    }
    const key = answerKey(name, request);
    if (!this.pageAnswers.has(key)) return null;
    const data = this.pageAnswers.get(key);
    this.pageAnswers.delete(key);
    return { data };
  }

  /** Tell the host about a failure of a call made outside `call` (uploads). */
  notify(error: ApiError): void {
    if (error.shouldNotify) this.options.hooks?.onError?.(error);
  }

  /** Make one call of spec §7 by name. */
  async call<K extends EndpointName>(
    name: K,
    request?: RequestOf<K>,
    options: CallOptions = {},
  ): Promise<ResponseOf<K>> {
    const def: EndpointDef = endpoints[name];
    // Already on the page (decision 0035): no request, and no floor — nobody waited for it.
    const answered = options.signal?.aborted === true ? null : this.takePageAnswer(name, def, request);
    if (answered !== null) return answered.data as ResponseOf<K>;
    const started = Date.now();
    const controller = trackFirstPage(this.inFlight, name, def, request);
    const signal = controller
      ? options.signal
        ? AbortSignal.any([options.signal, controller.signal])
        : controller.signal
      : options.signal;
    const idempotencyKey = def.money ? (options.idempotencyKey ?? crypto.randomUUID()) : undefined;
    try {
      const data = await this.attempt(name, def, request ?? {}, signal, idempotencyKey);
      await this.floor(started, signal, name);
      return data as ResponseOf<K>;
    } catch (caught) {
      const error = this.toApiError(caught, name, signal);
      if (error.kind !== "cancelled") {
        await this.floor(started, undefined, name);
        if (options.quiet !== true) this.notify(error);
      }
      throw error;
    } finally {
      if (controller) this.inFlight.get(name)?.delete(controller);
    }
  }

  private floorLeft(started: number): number {
    const floor = this.options.minimumResponseMs ?? limits.minimumResponseMs;
    return floor - (Date.now() - started);
  }

  /** Wait out the floor; timers may fire a millisecond early by the wall clock, so check again. */
  private async floor(started: number, signal: AbortSignal | undefined, name: string): Promise<void> {
    for (let left = this.floorLeft(started); left > 0; left = this.floorLeft(started)) {
      await wait(left, signal, name);
    }
  }

  /** Send, and on a 401 refresh once (shared), wait, and replay once. */
  private async attempt(
    name: EndpointName,
    def: EndpointDef,
    request: object,
    signal: AbortSignal | undefined,
    idempotencyKey: string | undefined,
  ): Promise<unknown> {
    const first = await this.send(name, def, request, signal, idempotencyKey);
    if (!first.unauthorized) return first.data;
    if (kindOf(def) === "token" || kindOf(def) === "anonymous") {
      throw new ApiError({ kind: "http", endpoint: name, status: 401, msg: first.statusText });
    }
    const stored = this.accessToken;
    // A late 401 for a token that has been replaced since: the refresh already happened.
    const refreshed = stored !== null && stored !== first.token ? true : await this.refreshTokens();
    if (!refreshed) {
      this.expire("refresh_failed");
      throw new ApiError({ kind: "sessionExpired", endpoint: name, status: 401, data: "refresh_failed" });
    }
    await wait(this.options.refreshRetryDelayMs ?? limits.refreshRetryDelayMs, signal, name);
    const replay = await this.send(name, def, request, signal, idempotencyKey);
    if (!replay.unauthorized) return replay.data;
    this.expire("refresh_failed");
    throw new ApiError({ kind: "sessionExpired", endpoint: name, status: 401, data: "refresh_failed" });
  }
}
