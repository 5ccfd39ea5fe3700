import type { ApiClient } from "./client";
import { ApiError, messageOf } from "./errors";
import type { UploadSign } from "./types";
import type { UploadFile, UploadOptions, UploadProgress, UploadedFile } from "./upload-types";

const STREAM_CHUNK_BYTES = 256 * 1024;

function progressOf(loaded: number, total: number): UploadProgress {
  return { loaded, total, fraction: total > 0 ? Math.min(1, loaded / total) : 1 };
}

interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: Blob): void;
  abort(): void;
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
function refusedUpload(status: number, text: string): ApiError {
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

/** Browsers: XMLHttpRequest is the one way to see upload progress over HTTP/1.1. */
function putWithXhr(
  Xhr: new () => XhrLike,
  url: string,
  file: UploadFile,
  options: UploadOptions,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new Xhr();
    const onAbort = () => {
      xhr.abort();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => options.signal?.removeEventListener("abort", onAbort);
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", file.type);
    xhr.upload.onprogress = (event) =>
      options.onProgress?.(progressOf(event.loaded, event.total || file.size));
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) resolve();
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
    xhr.send(file.blob);
  });
}

/** Elsewhere (Node, workers): a streamed fetch body, counting bytes as the connection takes them. */
async function putWithFetch(url: string, file: UploadFile, options: UploadOptions): Promise<void> {
  let loaded = 0;
  // Pulled slice by slice, so progress follows what the connection has taken, not what was read.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (loaded >= file.size) {
        controller.close();
        return;
      }
      const chunk = new Uint8Array(await file.blob.slice(loaded, loaded + STREAM_CHUNK_BYTES).arrayBuffer());
      loaded += chunk.byteLength;
      controller.enqueue(chunk);
      options.onProgress?.(progressOf(loaded, file.size));
    },
  });
  let response: Response;
  try {
    // `duplex` is in Node's RequestInit type, not (yet) in the DOM's: typed here for both.
    const init: RequestInit & { duplex: "half" } = {
      method: "PUT",
      headers: { "Content-Type": file.type, "Content-Length": String(file.size) },
      body,
      duplex: "half",
      ...(options.signal ? { signal: options.signal } : {}),
    };
    response = await fetch(url, init);
  } catch (error) {
    if (options.signal?.aborted)
      throw new ApiError({ kind: "cancelled", endpoint: "upload.put", cause: error });
    throw new ApiError({ kind: "network", endpoint: "upload.put", cause: error });
  }
  if (!response.ok) throw refusedUpload(response.status, await response.text());
  await response.body?.cancel();
  options.onProgress?.(progressOf(file.size, file.size));
}

/** A relative URL from the server is relative to the API's origin (kept relative in browsers). */
function resolveAgainst(url: string, baseUrl: string): string {
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
  const Xhr = (globalThis as { XMLHttpRequest?: new () => XhrLike }).XMLHttpRequest;
  try {
    if (Xhr) await putWithXhr(Xhr, url, file, options);
    else await putWithFetch(url, file, options);
  } catch (error) {
    if (error instanceof ApiError) client.notify(error);
    throw error;
  }
  return { key: sign.key, bucketEnum: sign.bucketEnum };
}
