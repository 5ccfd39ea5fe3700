import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { MediaSource } from "../media/library";
import type { ObjectStore } from "../providers/storage/store";

/** A single byte range of a file of `size` bytes, or "unsatisfiable", or null (send it all). */
export function byteRangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: ignored (a server may always answer with the whole file).
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  let start: number;
  let end: number;
  if (from === "") {
    // The last N bytes.
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/** What answering a validator or a range needs to know of the bytes. */
interface Bytes {
  readonly size: number;
  readonly etag: string;
  readonly modified: Date | null;
  /** The bytes from `start` to `end` inclusive, or all of them. */
  open(range?: { start: number; end: number }): Promise<Readable> | Readable;
}

/**
 * Answer with what media players and caches expect: a validator (ETag, Last-Modified) with 304
 * answers, byte ranges (206, 416), `Accept-Ranges`, the given type and caching policy, and no
 * type sniffing.
 */
async function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: Bytes,
  options: { readonly contentType: string; readonly cacheControl: string },
): Promise<FastifyReply> {
  const { size, etag } = bytes;
  reply
    .header("content-type", options.contentType)
    .header("cache-control", options.cacheControl)
    .header("etag", etag)
    .header("accept-ranges", "bytes")
    .header("x-content-type-options", "nosniff");
  if (bytes.modified) reply.header("last-modified", bytes.modified.toUTCString());
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return reply.status(304).send();
  }
  const ifRange = request.headers["if-range"];
  const range = ifRange === undefined || ifRange === etag ? byteRangeOf(request.headers.range, size) : null;
  if (range === "unsatisfiable") {
    return reply
      .status(416)
      .header("content-range", `bytes */${String(size)}`)
      .send();
  }
  if (range === null) return reply.header("content-length", size).send(await bytes.open());
  return reply
    .status(206)
    .header("content-range", `bytes ${String(range.start)}-${String(range.end)}/${String(size)}`)
    .header("content-length", range.end - range.start + 1)
    .send(await bytes.open(range));
}

/** Send a file of this machine (sendBytes: validators, ranges). */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  options: { readonly contentType: string; readonly cacheControl: string },
): Promise<FastifyReply> {
  const info = await stat(path);
  return sendBytes(
    request,
    reply,
    {
      size: info.size,
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      modified: info.mtime,
      open: (range) => createReadStream(path, range ? { start: range.start, end: range.end } : {}),
    },
    options,
  );
}

/** Send an object of the store (S3) as `sendFile` sends a file, its ranges read from the store. */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  object: { readonly bucket: string; readonly key: string },
  options: { readonly contentType: string; readonly cacheControl: string },
): Promise<FastifyReply> {
  const info = await store.head(object.bucket, object.key);
  if (!info) return reply.status(404).send();
  return sendBytes(
    request,
    reply,
    {
      size: info.size,
      etag: info.etag ?? `"${info.size.toString(16)}-${String(info.modified?.getTime() ?? 0)}"`,
      modified: info.modified,
      open: (range) => store.read(object.bucket, object.key, range),
    },
    options,
  );
}

/** Send a clip's file wherever it is (a file here, or an object of the store). */
export function sendSource(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  source: MediaSource,
  options: { readonly contentType: string; readonly cacheControl: string },
): Promise<FastifyReply> {
  return source.kind === "disk"
    ? sendFile(request, reply, source.path, options)
    : sendObject(request, reply, store, source, options);
}
