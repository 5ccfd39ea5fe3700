import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../context";
import { sendFile } from "../http/files";
import { ServerMessage, refusal } from "../http/messages";
import { authenticate } from "../modules/auth/sessions";
import { previewLimitMs, viewerOf, watchableVideo } from "../modules/substance/access";
import { hmac, sameText } from "../security/secrets";
import { parsePreviewSegmentName, renderPlaylist } from "./playlist";

const HOUR_MS = 3600_000;

/** Signed segment URLs stay good at least this long (and twice the video's length). */
export const SEGMENT_URL_MIN_LIFETIME_MS = 6 * HOUR_MS;

export function segmentSignature(ctx: AppContext, path: string, expires: number): string {
  return hmac(ctx.secrets.signingKey, `segment:${path}:${String(expires)}`);
}

/**
 * A segment's URL, signed: the signature is the permission, so a CDN in front could serve it
 * without asking the server. Expiry is rounded up to the hour, so one viewer's playlists within an
 * hour name the same URLs (and caches can reuse them).
 */
export function signedSegmentUrl(ctx: AppContext, path: string, lengthMs: number): string {
  const lifetime = Math.max(SEGMENT_URL_MIN_LIFETIME_MS, lengthMs * 2);
  const expires = Math.ceil((ctx.now().getTime() + lifetime) / HOUR_MS) * (HOUR_MS / 1000);
  return `/api/media/seg/${path}?expires=${String(expires)}&sig=${segmentSignature(ctx, path, expires)}`;
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, key: ServerMessage) {
  return reply
    .status(status)
    .header("cache-control", "no-store")
    .send(refusal(request, status, key));
}

/**
 * Media: a rendition's playlist, decided per request (a viewer without the right gets one that
 * ends at the free-time limit), its signed segments, and the clips' covers.
 */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/media/hls/:videoId/:file", async (request, reply) => {
    const { videoId, file } = request.params as { videoId: string; file: string };
    const { token } = request.query as { token?: unknown };
    const caller = typeof token === "string" ? await authenticate(ctx, `Bearer ${token}`) : null;
    if (!caller) return refuse(request, reply, BusinessCode.unauthenticated, ServerMessage.refreshInvalid);
    const rendition = /^(\d+p)\.m3u8$/.exec(file)?.[1];
    const id = Number(videoId);
    if (!rendition || !Number.isSafeInteger(id))
      return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    const video = await watchableVideo(ctx.db, id, caller.userId);
    const playlist = video?.mediaKey ? await ctx.media.playlist(video.mediaKey, rendition) : null;
    if (!video || !playlist) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    const viewer = await viewerOf(ctx, caller.userId);
    const limitMs = await previewLimitMs(ctx.db, video, viewer);
    const text = renderPlaylist(playlist, limitMs, (name) =>
      signedSegmentUrl(ctx, `${String(id)}/${rendition}/${name}`, video.lengthMs),
    );
    return reply
      .header("content-type", "application/vnd.apple.mpegurl")
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(text);
  });

  app.get("/api/media/seg/:videoId/:rendition/:file", async (request, reply) => {
    const { videoId, rendition, file } = request.params as {
      videoId: string;
      rendition: string;
      file: string;
    };
    const { expires, sig } = request.query as { expires?: string; sig?: string };
    const path = `${videoId}/${rendition}/${file}`;
    const expiresAt = Number(expires);
    if (
      typeof sig !== "string" ||
      !Number.isSafeInteger(expiresAt) ||
      !sameText(sig, segmentSignature(ctx, path, expiresAt)) ||
      expiresAt * 1000 <= ctx.now().getTime()
    ) {
      return refuse(request, reply, BusinessCode.forbidden, ServerMessage.forbidden);
    }
    const video = await watchableVideo(ctx.db, Number(videoId), null, true);
    // A preview's last segment is a cut of the segment the limit falls in, named by its limit: the
    // signature covers that name, so it never opens the whole segment.
    const preview = parsePreviewSegmentName(file);
    const disk = !video?.mediaKey
      ? null
      : preview
        ? await ctx.media.previewFile(video.mediaKey, rendition, preview.file, preview.limitMs)
        : ctx.media.mediaFile(video.mediaKey, rendition, file);
    if (!disk) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    const maxAge = Math.max(0, Math.floor(expiresAt - ctx.now().getTime() / 1000));
    return sendFile(request, reply, disk, {
      contentType: "video/mp4",
      cacheControl: `public, max-age=${String(maxAge)}, immutable`,
    });
  });

  // Covers are public pictures; a new recipe is a new folder, so they never change.
  app.get("/api/media/covers/:folder/:file", async (request, reply) => {
    const { folder, file } = request.params as { folder: string; file: string };
    const disk = ctx.media.coverFile(folder, file);
    if (!disk) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    return sendFile(request, reply, disk, {
      contentType: "image/jpeg",
      cacheControl: "public, max-age=31536000, immutable",
    });
  });
}
