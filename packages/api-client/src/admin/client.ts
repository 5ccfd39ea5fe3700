/**
 * The operators' console's client (`@platform/api-client/admin`): every `/api/admin/` call, typed by
 * its schema, on ky. The operator's token is kept in the storage given (the console: the tab's
 * sessionStorage, so closing the tab signs out); a 401 clears it and tells `onSignedOut`.
 */
import ky, { isHTTPError, isTimeoutError } from "ky";
import { ApiError, messageOf } from "../errors";
import { adminPath } from "./access";
import type { AdminEndpointName } from "./access";
import type { AdminRequest, AdminResponse } from "./contract";

/** Where the token is kept between calls (and reloads). */
export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export interface AdminClientOptions {
  /** The server's origin; "" (default) is the page's own. */
  readonly baseUrl?: string;
  /** The operator's language, sent as the product's `language` header (zh_CN or en_US). */
  language?(): "zh_CN" | "en_US";
  readonly tokens?: TokenStore;
  /** The session ended on the server (idle too long, signed out elsewhere, disabled). */
  onSignedOut?(): void;
  readonly fetch?: typeof fetch;
  /** Per call; 30 s by default. */
  readonly timeoutMs?: number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

export interface AdminClient {
  /** One call: its answer's data, or an ApiError (business, sessionExpired, http, network, timeout). */
  call<K extends AdminEndpointName>(
    name: K,
    request: AdminRequest<K>,
    options?: CallOptions,
  ): Promise<AdminResponse<K>>;
  /** Sign in: on `signedIn` the token is kept; `codeNeeded` and `enrol` ask for the next step. */
  signIn(request: AdminRequest<"auth.signIn">): Promise<AdminResponse<"auth.signIn">>;
  /** End the session on the server (whatever it answers) and forget the token. */
  signOut(): Promise<void>;
  /** Whether a token is kept. */
  signedIn(): boolean;
  /** A media URL of the console (a review's playlist) with the token added. */
  mediaUrl(url: string): string;
}

/** A token kept in memory only (tests, scripts). */
export function memoryTokens(initial: string | null = null): TokenStore {
  let token = initial;
  return { get: () => token, set: (value) => (token = value) };
}

/** A token kept under `key` of a Web Storage (the console: sessionStorage), or in memory when blocked. */
export function storedTokens(storage: Storage | undefined, key = "platform-admin-token"): TokenStore {
  const fallback = memoryTokens();
  return {
    get() {
      try {
        return storage?.getItem(key) ?? fallback.get();
      } catch {
        return fallback.get();
      }
    },
    set(token) {
      fallback.set(token);
      try {
        if (token === null) storage?.removeItem(key);
        else storage?.setItem(key, token);
      } catch {
        /* blocked storage: memory only */
      }
    },
  };
}

interface Envelope {
  readonly code?: unknown;
  readonly msg?: unknown;
  readonly data?: unknown;
}

export function createAdminClient(options: AdminClientOptions = {}): AdminClient {
  const tokens = options.tokens ?? memoryTokens();
  const base = options.baseUrl ?? "";

  async function call<K extends AdminEndpointName>(
    name: K,
    request: AdminRequest<K>,
    callOptions: CallOptions = {},
  ): Promise<AdminResponse<K>> {
    const token = tokens.get();
    const headers: Record<string, string> = { language: options.language?.() ?? "zh_CN" };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let status: number;
    let body: Envelope | null;
    try {
      const response = await ky.post(`${base}${adminPath(name)}`, {
        json: request,
        headers,
        timeout: options.timeoutMs ?? 30_000,
        retry: 0,
        throwHttpErrors: false,
        ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      status = response.status;
      body = (await response.json().catch(() => null)) as Envelope | null;
    } catch (caught) {
      if (callOptions.signal?.aborted)
        throw new ApiError({ kind: "cancelled", endpoint: name, cause: caught });
      if (isTimeoutError(caught)) throw new ApiError({ kind: "timeout", endpoint: name, cause: caught });
      if (isHTTPError(caught))
        throw new ApiError({ kind: "http", endpoint: name, status: caught.response.status });
      throw new ApiError({ kind: "network", endpoint: name, cause: caught });
    }
    if (status === 401 && name !== "auth.signIn") {
      if (token !== null) {
        tokens.set(null);
        options.onSignedOut?.();
      }
      throw new ApiError({ kind: "sessionExpired", endpoint: name, status, code: 401, ...messageOf(body) });
    }
    if (status === 200 && body !== null && body.code === 200) return body.data as AdminResponse<K>;
    if (body === null || typeof body.code !== "number")
      throw new ApiError({ kind: "http", endpoint: name, status });
    throw new ApiError({
      kind: "business",
      endpoint: name,
      code: body.code,
      status,
      msg: typeof body.msg === "string" ? body.msg : "",
      data: body.data,
      ...messageOf(body),
    });
  }

  return {
    call,
    async signIn(request) {
      const answer = await call("auth.signIn", request);
      if (answer.status === "signedIn") tokens.set(answer.token);
      return answer;
    },
    async signOut() {
      try {
        if (tokens.get() !== null) await call("auth.signOut", {});
      } catch {
        /* the session may be over already */
      } finally {
        tokens.set(null);
      }
    },
    signedIn: () => tokens.get() !== null,
    mediaUrl(url) {
      const token = tokens.get();
      if (token === null) return url;
      return `${base}${url}${url.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
    },
  };
}
