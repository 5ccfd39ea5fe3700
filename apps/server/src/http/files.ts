import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { FastifyReply, FastifyRequest } from "fastify";

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

/**
 * Send a file with what media players and caches expect: a validator (ETag, Last-Modified) with
 * 304 answers, byte ranges (206, 416), `Accept-Ranges`, the given type and caching policy, and no
 * type sniffing.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  options: { readonly contentType: string; readonly cacheControl: string },
): Promise<FastifyReply> {
  const info = await stat(path);
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply
    .header("content-type", options.contentType)
    .header("cache-control", options.cacheControl)
    .header("etag", etag)
    .header("last-modified", info.mtime.toUTCString())
    .header("accept-ranges", "bytes")
    .header("x-content-type-options", "nosniff");
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return reply.status(304).send();
  }
  const ifRange = request.headers["if-range"];
  const range =
    ifRange === undefined || ifRange === etag ? byteRangeOf(request.headers.range, info.size) : null;
  if (range === "unsatisfiable") {
    return reply
      .status(416)
      .header("content-range", `bytes */${String(info.size)}`)
      .send();
  }
  if (range === null) {
    return reply.header("content-length", info.size).send(createReadStream(path));
  }
  return reply
    .status(206)
    .header("content-range", `bytes ${String(range.start)}-${String(range.end)}/${String(info.size)}`)
    .header("content-length", range.end - range.start + 1)
    .send(createReadStream(path, { start: range.start, end: range.end }));
}
