import {
  BusinessCode,
  ClientPlatform,
  Language,
  StorageKey,
  channelTagIdOf,
  deviceTimeZoneHeader,
  isOneOf,
  isSessionExpired,
  languageHeader,
  languages,
  limits,
  locale,
  parseStoredUserInfo,
} from "@platform/domain";
import type { StoredUserInfo } from "@platform/domain";
import ky, { isHTTPError, isNetworkError, isTimeoutError } from "ky";
import type { HTTPError, RetryOptions } from "ky";
import { basicAuthorization, encryptReq } from "./crypto";
import { endpoints } from "./endpoints";
import type { CallKind, EndpointDef, EndpointName } from "./endpoints";
import { ApiError, messageOf } from "./errors";
import { webStorage } from "./storage";
import type { ClientStorage } from "./storage";
import type { Credentials, RequestOf, ResponseOf } from "./types";

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
  /** The `time-zone` header (default: the device's zone as "GMT+08:00"). */
  readonly timeZone?: () => string;
  readonly fetch?: typeof fetch;
}

export interface CallOptions {
  /** Aborting makes the call reject with a silent `cancelled` ApiError. */
  readonly signal?: AbortSignal;
  /** For money calls: reuse a key to make a retry of the same intent safe (default: a fresh one). */
  readonly idempotencyKey?: string;
  /** Failures are not passed to `hooks.onError` (background calls such as tracking): still thrown. */
  readonly quiet?: boolean;
}

/** Every field optional (or none at all): the request may be left out. */
type Bodyless<K extends EndpointName> = string extends keyof RequestOf<K>
  ? true // the empty body (an index signature of never)
  : Partial<RequestOf<K>> extends RequestOf<K>
    ? true
    : false;

/** One endpoint as a function: the request may be left out when nothing in it is required. */
export type EndpointFunction<K extends EndpointName> =
  Bodyless<K> extends true
    ? (request?: RequestOf<K>, options?: CallOptions) => Promise<ResponseOf<K>>
    : (request: RequestOf<K>, options?: CallOptions) => Promise<ResponseOf<K>>;

type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;
export type EndpointGroup = GroupOf<EndpointName>;

/** The endpoints of one group of spec §7 (`client.substance.getVideoList(…)`). */
export type GroupApi<G extends EndpointGroup> = {
  readonly [K in EndpointName as K extends `${G}.${infer N}` ? N : never]: EndpointFunction<K>;
};

export type GroupedApi = { readonly [G in EndpointGroup]: GroupApi<G> };

interface Envelope {
  readonly code: unknown;
  readonly msg?: unknown;
  readonly data?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === "object" && value !== null && "code" in value;
}

function abortError(signal: AbortSignal | undefined, endpoint: string, cause?: unknown): ApiError {
  return new ApiError({ kind: "cancelled", endpoint, cause: cause ?? signal?.reason });
}

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

function randomKey(): string {
  return crypto.randomUUID();
}

/**
 * The transport of every call (spec §7, §8, §4 session): headers, the envelope, the 300 ms floor,
 * one shared token refresh for any number of 401s, the replay, cancellation, and the encrypted `req`
 * of token endpoints. Framework-free: hosts pass storage and hooks in.
 */
export class ApiClient {
  readonly storage: ClientStorage;
  private readonly options: ApiClientOptions;
  private readonly fetchImpl: typeof fetch | undefined;
  private refreshing: Promise<boolean> | null = null;
  private expiredNotified = false;
  /** In-flight calls of endpoints whose new first page cancels them. */
  private readonly inFlight = new Map<EndpointName, Set<AbortController>>();

  constructor(options: ApiClientOptions) {
    this.options = options;
    this.storage = options.storage ?? webStorage();
    this.fetchImpl = options.fetch;
  }

  /** Absolute or same-origin URL of a path under the API base. */
  url(path: string): string {
    return `${this.options.baseUrl ?? ""}${this.options.basePath ?? "/api"}${path}`;
  }

  get baseUrl(): string {
    return this.options.baseUrl ?? "";
  }

  /** Tell the host about a failure of a call made outside `call` (uploads). */
  notify(error: ApiError): void {
    if (error.shouldNotify) this.options.hooks?.onError?.(error);
  }

  get clientId(): string {
    return this.options.clientId;
  }

  // ── session ───────────────────────────────────────────────────────────────────────────────

  get accessToken(): string | null {
    return this.storage.get(StorageKey.accessToken);
  }

  get userInfo(): StoredUserInfo | null {
    return parseStoredUserInfo(this.storage.get(StorageKey.userInfo));
  }

  get language(): Language {
    const stored = this.storage.get(StorageKey.language);
    return isOneOf(languages, stored) ? stored : Language.zhCN;
  }

  /** Keep what a token endpoint answered (spec §3: accessToken, refreshToken, userInfo). */
  saveCredentials(credentials: Credentials): void {
    this.storage.set(StorageKey.accessToken, credentials.access_token);
    this.storage.set(StorageKey.refreshToken, credentials.refresh_token);
    if (credentials.user_info) this.storage.set(StorageKey.userInfo, JSON.stringify(credentials.user_info));
    else this.storage.remove(StorageKey.userInfo);
    this.expiredNotified = false;
  }

  /** Sign out here: forget the tokens and the user (the language and platform id stay). */
  signOut(): void {
    this.storage.remove(StorageKey.accessToken);
    this.storage.remove(StorageKey.refreshToken);
    this.storage.remove(StorageKey.userInfo);
  }

  /** What confirming the expiry dialog does before the reload: clear local storage (spec §4). */
  endSession(): void {
    this.storage.clear();
  }

  private expire(reason: SessionEndReason): void {
    if (this.expiredNotified) return;
    this.expiredNotified = true;
    this.options.hooks?.onSessionExpired?.(reason);
  }

  // ── calls ─────────────────────────────────────────────────────────────────────────────────

  /** Make one call of spec §7 by name. */
  async call<K extends EndpointName>(
    name: K,
    request?: RequestOf<K>,
    options: CallOptions = {},
  ): Promise<ResponseOf<K>> {
    const def: EndpointDef = endpoints[name];
    const started = Date.now();
    const controller = this.trackFirstPage(name, def, request);
    const signal = controller
      ? options.signal
        ? AbortSignal.any([options.signal, controller.signal])
        : controller.signal
      : options.signal;
    const idempotencyKey = def.money ? (options.idempotencyKey ?? randomKey()) : undefined;
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

  /**
   * Endpoints whose new first page cancels the earlier in-flight requests (spec §7): register this
   * call, and abort the others when it asks for page 1.
   */
  private trackFirstPage(name: EndpointName, def: EndpointDef, request: unknown): AbortController | null {
    if (!def.firstPageCancels) return null;
    let set = this.inFlight.get(name);
    if (!set) {
      set = new Set();
      this.inFlight.set(name, set);
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

  /** One refresh for everyone: concurrent 401s share the same promise (spec §4). */
  refreshTokens(): Promise<boolean> {
    this.refreshing ??= (async () => {
      try {
        const refreshToken = this.storage.get(StorageKey.refreshToken);
        if (!refreshToken) return false;
        const def = endpoints["auth.tokenRefresh"];
        const result = await this.send(
          "auth.tokenRefresh",
          def,
          { refresh_token: refreshToken, grant_type: "refresh_token", scope: "server" },
          undefined,
          undefined,
        );
        if (result.unauthorized) return false;
        this.saveCredentials(result.data as Credentials);
        return true;
      } catch {
        return false;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private headersFor(def: EndpointDef, idempotencyKey: string | undefined): Record<string, string> {
    const kind = kindOf(def);
    const headers: Record<string, string> = {};
    const busPlatformId = this.storage.get(StorageKey.busPlatformId);
    if (busPlatformId) headers["bus-platform-id"] = busPlatformId;
    if (kind !== "customerService") {
      headers["register-platform-id"] = locale.registerPlatformId;
      headers.platform = ClientPlatform.H5;
      headers.channelTagId = channelTagIdOf(this.userInfo);
    }
    // Every call says the person's language, token calls too (a departure from spec §7, decision
    // 0012): a refusal of sign-in is then worded in the language the person reads.
    headers.language = languageHeader(this.language);
    if (kind === "token") {
      headers.Authorization = basicAuthorization(this.options.clientId, this.options.clientSecret);
    } else {
      headers["time-zone"] = (this.options.timeZone ?? deviceTimeZoneHeader)();
      const token = this.accessToken;
      if (token && kind !== "anonymous") headers.Authorization = `Bearer ${token}`;
    }
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    return headers;
  }

  /** One HTTP exchange: the envelope's data, or `unauthorized` for a 401; throws everything else. */
  private async send(
    name: EndpointName,
    def: EndpointDef,
    request: object,
    signal: AbortSignal | undefined,
    idempotencyKey: string | undefined,
  ): Promise<
    { unauthorized: false; data: unknown } | { unauthorized: true; token: string | null; statusText: string }
  > {
    const inPath = new Set<string>();
    const given = request as Record<string, unknown>;
    const path = def.path.replace(/\{(\w+)\}/g, (_, field: string) => {
      inPath.add(field);
      return encodeURIComponent(textOf(given[field]));
    });
    const fields = Object.fromEntries(Object.entries(given).filter(([key]) => !inPath.has(key)));
    const headers = this.headersFor(def, idempotencyKey);
    const token = headers.Authorization?.startsWith("Bearer ") ? this.accessToken : null;
    let json: unknown;
    let searchParams: Record<string, string> | undefined;
    if (kindOf(def) === "token") {
      json = { req: await encryptReq(fields, this.options.reqKey) };
    } else if (def.method === "GET") {
      searchParams = {};
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined && value !== null) searchParams[key] = textOf(value);
      }
    } else {
      json = fields;
    }
    const response = await ky(this.url(path), {
      method: def.method,
      headers,
      ...(json === undefined ? {} : { json }),
      ...(searchParams ? { searchParams } : {}),
      ...(signal ? { signal } : {}),
      ...(this.fetchImpl ? { fetch: this.fetchImpl } : {}),
      timeout: this.options.timeoutMs ?? limits.requestTimeoutMs,
      retry: this.options.retry ?? 0,
      throwHttpErrors: (status) => status !== 401,
    });
    if (response.status === 401) {
      await response.body?.cancel();
      return { unauthorized: true, token, statusText: response.statusText };
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError({ kind: "http", endpoint: name, status: response.status, msg: "" });
    }
    if (!isEnvelope(body)) throw new ApiError({ kind: "http", endpoint: name, status: response.status });
    return { unauthorized: false, data: this.unwrap(name, body, response.status) };
  }

  /** The envelope's data when `code` is 200; otherwise the business error or the session's end. */
  private unwrap(name: EndpointName, body: Envelope, status: number): unknown {
    if (isSessionExpired(body.code, body.data)) {
      this.expire(body.data as SessionEndReason);
      throw new ApiError({
        kind: "sessionExpired",
        endpoint: name,
        code: BusinessCode.sessionExpired,
        status,
        data: body.data,
      });
    }
    if (body.code === BusinessCode.ok) return body.data ?? null;
    throw new ApiError({
      kind: "business",
      endpoint: name,
      code: typeof body.code === "number" ? body.code : null,
      status,
      msg: typeof body.msg === "string" ? body.msg : "",
      data: body.data,
      ...messageOf(body),
    });
  }

  private toApiError(caught: unknown, name: EndpointName, signal: AbortSignal | undefined): ApiError {
    if (caught instanceof ApiError) return caught;
    if (signal?.aborted) return abortError(signal, name, caught);
    if (isHTTPError(caught)) return this.fromHttpError(caught, name);
    if (isTimeoutError(caught))
      return new ApiError({ kind: "timeout", endpoint: name, msg: "", cause: caught });
    if (isNetworkError(caught) || caught instanceof TypeError) {
      return new ApiError({ kind: "network", endpoint: name, msg: "", cause: caught });
    }
    if (caught instanceof DOMException && caught.name === "AbortError")
      return abortError(signal, name, caught);
    const msg = caught instanceof Error ? caught.message : "";
    return new ApiError({ kind: "network", endpoint: name, msg, cause: caught });
  }

  /** Error statuses (spec §8): an 8888 body ends the session; 500 shows its status text; else msg. */
  private fromHttpError(error: HTTPError, name: EndpointName): ApiError {
    const status = error.response.status;
    let body: unknown = error.data;
    if (typeof body === "string") {
      try {
        body = JSON.parse(body);
      } catch {
        /* not JSON */
      }
    }
    if (isEnvelope(body) && isSessionExpired(body.code, body.data)) {
      this.expire(body.data as SessionEndReason);
      return new ApiError({
        kind: "sessionExpired",
        endpoint: name,
        code: BusinessCode.sessionExpired,
        status,
        data: body.data,
      });
    }
    const bodyMsg = isEnvelope(body) && typeof body.msg === "string" ? body.msg : "";
    const msg = status === 500 ? error.response.statusText : bodyMsg;
    return new ApiError({
      kind: "http",
      endpoint: name,
      status,
      code: isEnvelope(body) && typeof body.code === "number" ? body.code : null,
      msg,
      data: isEnvelope(body) ? body.data : undefined,
      ...messageOf(body),
      cause: error,
    });
  }
}

/** A path or query value as text: arrays and objects as JSON, everything else as itself. */
function textOf(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

function kindOf(def: EndpointDef): CallKind {
  return def.kind ?? "product";
}

/** Build the grouped functions (`api.user.queryInfo()`) from the endpoint table. */
export function groupedApi(client: ApiClient): GroupedApi {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const [group = "", fn = ""] = name.split(".");
    groups[group] ??= {};
    groups[group][fn] = (request?: object, options?: CallOptions) => client.call(name, request, options);
  }
  return groups as unknown as GroupedApi;
}
