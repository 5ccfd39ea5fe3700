import {
  ClientPlatform,
  StorageKey,
  channelTagIdOf,
  deviceTimeZoneHeader,
  isOk,
  isSessionExpired,
  languageHeader,
  limits,
  locale,
} from "@platform/domain";
import ky, { isHTTPError, isNetworkError, isTimeoutError } from "ky";
import type { HTTPError } from "ky";
import type { SessionEndReason } from "./client-options";
import { basicAuthorization } from "./basic";
import type { CallKind, EndpointDef, EndpointName } from "./endpoints";
import { ApiError, messageOf } from "./errors";
import { ClientSession } from "./session";
import type { Exchange } from "./session";

interface Envelope {
  readonly code: unknown;
  readonly msg?: unknown;
  readonly data?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === "object" && value !== null && "code" in value;
}

/** The silent error of a call that was aborted (by its caller or a newer first page). */
export function abortError(signal: AbortSignal | undefined, endpoint: string, cause?: unknown): ApiError {
  return new ApiError({ kind: "cancelled", endpoint, cause: cause ?? signal?.reason });
}

/** A path or query value as text: arrays and objects as JSON, everything else as itself. */
function textOf(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

export function kindOf(def: EndpointDef): CallKind {
  return def.kind ?? "product";
}

/**
 * Sending one request (spec §7, §8): the URL, the headers of each kind of call, the encrypted `req`
 * of token endpoints, ky, the envelope, and every failure as an ApiError.
 */
export abstract class RequestSender extends ClientSession {
  /** Absolute or same-origin URL of a path under the API base. */
  url(path: string): string {
    return `${this.options.baseUrl ?? ""}${this.options.basePath ?? "/api"}${path}`;
  }

  get baseUrl(): string {
    return this.options.baseUrl ?? "";
  }

  get clientId(): string {
    return this.options.clientId;
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
  protected override async send(
    name: EndpointName,
    def: EndpointDef,
    request: object,
    signal: AbortSignal | undefined,
    idempotencyKey: string | undefined,
  ): Promise<Exchange> {
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
      const { encryptReq } = await import("./crypto");
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
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
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
    const ended = this.sessionEnded(name, body, status);
    if (ended) throw ended;
    if (isOk(body.code)) return body.data ?? null;
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

  /**
   * Code 8888 with invalid_grant / invalid_request, in a 200 or an error answer alike: the session
   * ends here (storage cleared, the hook told), and the call fails with this error. Null otherwise.
   */
  private sessionEnded(name: EndpointName, body: Envelope, status: number): ApiError | null {
    if (!isSessionExpired(body.code, body.data)) return null;
    this.expire(body.data as SessionEndReason);
    return new ApiError({ kind: "sessionExpired", endpoint: name, code: body.code, status, data: body.data });
  }

  protected toApiError(caught: unknown, name: EndpointName, signal: AbortSignal | undefined): ApiError {
    if (caught instanceof ApiError) return caught;
    // Aborted: by the caller's signal (or a newer first page), or fetch's own AbortError.
    if (signal?.aborted || (caught instanceof DOMException && caught.name === "AbortError")) {
      return abortError(signal, name, caught);
    }
    if (isHTTPError(caught)) return this.fromHttpError(caught, name);
    if (isTimeoutError(caught))
      return new ApiError({ kind: "timeout", endpoint: name, msg: "", cause: caught });
    if (isNetworkError(caught) || caught instanceof TypeError) {
      return new ApiError({ kind: "network", endpoint: name, msg: "", cause: caught });
    }
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
    const ended = isEnvelope(body) ? this.sessionEnded(name, body, status) : null;
    if (ended) return ended;
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
