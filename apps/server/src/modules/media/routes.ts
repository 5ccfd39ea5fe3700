import { BusinessCode } from "@platform/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { sendSource } from "../../http/files";
import { ServerMessage, refusal } from "../../http/messages";
import { playlistFor, segmentFile } from "./playlists";
import { signedSecondsLeft } from "./segments";

/** How long a browser keeps a playlist whose URL names what it holds. */
const PLAYLIST_MAX_AGE_S = 60;

function refuse(request: FastifyRequest, reply: FastifyReply, status: BusinessCode, key: ServerMessage) {
  return reply
    .status(status)
    .header("cache-control", "no-store")
    .send(refusal(request, status, key));
}

/**
 * Media: a rendition's playlist, decided per request (a viewer without the right gets one that
 * ends at the free-time limit), its signed segments, and the clips' covers. The making of media
 * (ffmpeg) is below, in src/media/.
 */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The member centre's seeded pictures (spec §2's carousel), drawn here: no media files to ship.
  app.get("/api/media/static/:name", async (request, reply) => {
    const { name } = request.params as { name: string };
    const art = Object.hasOwn(staticArt, name) ? staticArt[name] : undefined;
    if (art === undefined) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    return reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(art);
  });

  app.get("/api/media/hls/:videoId/:file", async (request, reply) => {
    const { videoId, file } = request.params as { videoId: string; file: string };
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === "string" ? query.token : null;
    const caller = token === null ? null : await ctx.authenticate(`Bearer ${token}`);
    if (!caller) return refuse(request, reply, BusinessCode.unauthenticated, ServerMessage.refreshInvalid);
    const busPlatformId = typeof query.bus_platform_id === "string" ? query.bus_platform_id : null;
    const params = { token, busPlatformId };
    const playlist = await playlistFor(ctx, caller, videoId, file, params);
    if (playlist === null) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    // Kept a minute by this viewer's browser when its URL names truly what it holds (getInfoById
    // writes `access`: a purchase or a membership is a new URL), so the page's preload serves the
    // video that asks next (decision 0036); any other answer is kept by no one.
    const truthful = query.access === playlist.access;
    return reply
      .header("content-type", "application/vnd.apple.mpegurl")
      .header(
        "cache-control",
        truthful ? `private, max-age=${String(PLAYLIST_MAX_AGE_S)}` : "private, no-store",
      )
      .header("x-content-type-options", "nosniff")
      .send(playlist.text);
  });

  app.get("/api/media/seg/:videoId/:rendition/:file", async (request, reply) => {
    const { videoId, rendition, file } = request.params as {
      videoId: string;
      rendition: string;
      file: string;
    };
    const { expires, sig } = request.query as { expires?: string; sig?: string };
    const maxAge = signedSecondsLeft(ctx, `${videoId}/${rendition}/${file}`, expires, sig);
    if (maxAge === null) return refuse(request, reply, BusinessCode.forbidden, ServerMessage.forbidden);
    const source = await segmentFile(ctx, videoId, rendition, file);
    if (!source) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    return sendSource(request, reply, ctx.storage, source, {
      contentType: "video/mp4",
      cacheControl: `public, max-age=${String(maxAge)}, immutable`,
    });
  });

  // Covers are public pictures; a new recipe is a new folder, so they never change.
  app.get("/api/media/covers/:folder/:file", async (request, reply) => {
    const { folder, file } = request.params as { folder: string; file: string };
    const source = await ctx.media.coverFile(folder, file);
    if (!source) return refuse(request, reply, BusinessCode.notFound, ServerMessage.notFound);
    return sendSource(request, reply, ctx.storage, source, {
      contentType: file.endsWith(".webp") ? "image/webp" : "image/jpeg",
      cacheControl: "public, max-age=31536000, immutable",
    });
  });
}

/** A 750 × 250 banner: a gradient from `from` to `to` and a crown. */
function bannerSvg(from: string, to: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 250"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="750" height="250" fill="url(#g)"/><path d="M560 170 L580 90 L620 130 L650 70 L680 130 L720 90 L740 170 Z" fill="#fff" opacity=".85"/></svg>`;
}

const staticArt: Readonly<Record<string, string>> = {
  "member-1.svg": bannerSvg("#b8860b", "#f5d76e"),
  "member-2.svg": bannerSvg("#3a1c71", "#d76d77"),
};
