import type { ApiClient } from "./client";
import { ApiError, messageOf } from "./errors";
import type { UploadSign } from "./types";
import type { UploadFile, UploadOptions, UploadProgress, UploadedFile } from "./upload-types";

const STREAM_CHUNK_BYTES = 256 * 1024;

function progressOf(loaded: number, total: number): UploadProgress {
  return { loaded, total, fraction: total > 0 ? Math.min(1, loaded / total) : 1 };
}

export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: Blob): void;
  abort(): void;
  getResponseHeader(name: string): string | null;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

/**
 * A PUT the server refused: its sentence (`msg`, and `msgKey` for the app's own words) when the
 * body is the server's envelope; otherwise nothing to show but the kind (never HTTP's English
 * reason phrase, which is in no reader's language but one).
 */
export function refusedUpload(status: number, text: string): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not the server's envelope (object storage, a proxy)
  }
  const msg =
    typeof body === "object" && body !== null && "msg" in body && typeof body.msg === "string"
      ? body.msg
      : "";
  return new ApiError({ kind: "http", endpoint: "upload.put", status, msg, ...messageOf(body) });
}

/** What one PUT sends: a body, its type, and how to report progress or be stopped. */
export interface PutBody {
  readonly blob: Blob;
  /** Sent as Content-Type; null sends none (a signed part URL that signs no type). */
  readonly type: string | null;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((progress: UploadProgress) => void) | undefined;
}

/** Browsers: XMLHttpRequest is the one way to see upload progress over HTTP/1.1. Answers the ETag. */
function putWithXhr(Xhr: new () => XhrLike, url: string, put: PutBody): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const xhr = new Xhr();
    const onAbort = () => {
      xhr.abort();
    };
    if (put.signal?.aborted) {
      reject(new ApiError({ kind: "cancelled", endpoint: "upload.put" }));
      return;
    }
    put.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => put.signal?.removeEventListener("abort", onAbort);
    xhr.open("PUT", url);
    if (put.type !== null) xhr.setRequestHeader("Content-Type", put.type);
    xhr.upload.onprogress = (event) =>
      put.onProgress?.(progressOf(event.loaded, event.total || put.blob.size));
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.getResponseHeader("ETag"));
      else reject(refusedUpload(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError({ kind: "network", endpoint: "upload.put" }));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError({ kind: "cancelled", endpoint: "upload.put" }));
    };
    xhr.send(put.blob);
  });
}

/** Elsewhere (Node, workers): a streamed fetch body, counting bytes as the connection takes them. */
async function putWithFetch(url: string, put: PutBody): Promise<string | null> {
  let loaded = 0;
  const size = put.blob.size;
  // Pulled slice by slice, so progress follows what the connection has taken, not what was read.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (loaded >= size) {
        controller.close();
        return;
      }
      const chunk = new Uint8Array(await put.blob.slice(loaded, loaded + STREAM_CHUNK_BYTES).arrayBuffer());
      loaded += chunk.byteLength;
      controller.enqueue(chunk);
      put.onProgress?.(progressOf(loaded, size));
    },
  });
  let response: Response;
  try {
    // `duplex` is in Node's RequestInit type, not (yet) in the DOM's: typed here for both.
    const init: RequestInit & { duplex: "half" } = {
      method: "PUT",
      headers: { ...(put.type === null ? {} : { "Content-Type": put.type }), "Content-Length": String(size) },
      body,
      duplex: "half",
      ...(put.signal ? { signal: put.signal } : {}),
    };
    response = await fetch(url, init);
  } catch (error) {
    if (put.signal?.aborted) throw new ApiError({ kind: "cancelled", endpoint: "upload.put", cause: error });
    throw new ApiError({ kind: "network", endpoint: "upload.put", cause: error });
  }
  if (!response.ok) throw refusedUpload(response.status, await response.text());
  await response.body?.cancel();
  put.onProgress?.(progressOf(size, size));
  return response.headers.get("ETag");
}

/** PUT a body to a signed URL (this server's, or a bucket's): XHR in browsers, fetch elsewhere. */
export function putTo(url: string, put: PutBody): Promise<string | null> {
  const Xhr = (globalThis as { XMLHttpRequest?: new () => XhrLike }).XMLHttpRequest;
  return Xhr ? putWithXhr(Xhr, url, put) : putWithFetch(url, put);
}

/** A relative URL from the server is relative to the API's origin (kept relative in browsers). */
export function resolveAgainst(url: string, baseUrl: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(url) || baseUrl === "" ? url : new URL(url, baseUrl).toString();
}

/**
 * Upload one file (spec §7): uploadSignUrl → PUT the body with its content type to the returned URL.
 * The URL is signed by the server, so no token travels with the PUT (it may be object storage).
 */
export async function uploadFile(
  client: ApiClient,
  file: UploadFile,
  options: UploadOptions,
): Promise<UploadedFile> {
  const sign: UploadSign = await client.call(
    "upload.signUrl",
    {
      busType: "FILE",
      channelEnum: "APP",
      fileName: file.name,
      filePath: "",
      uploadFileType: options.uploadFileType,
      contentType: file.type,
      fileSize: file.size,
    },
    options,
  );
  const url = resolveAgainst(sign.uploadUrl, client.baseUrl);
  try {
    await putTo(url, {
      blob: file.blob,
      type: file.type,
      signal: options.signal,
      onProgress: options.onProgress,
    });
  } catch (error) {
    if (error instanceof ApiError) client.notify(error);
    throw error;
  }
  return { key: sign.key, bucketEnum: sign.bucketEnum };
}
