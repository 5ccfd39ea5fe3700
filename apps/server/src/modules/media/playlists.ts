import { withMediaParams } from "@platform/domain";
import type { MediaParams } from "@platform/domain";
import type { Caller } from "../../http/caller";
import type { AppContext } from "../../context";
import type { MediaSource, Variant } from "../../media/library";
import { masterText } from "../../media/master";
import { parsePreviewSegmentName, renderPlaylist } from "../../media/playlist";
import { playlistAccess, previewLimitMs, viewerOf, watchableVideo } from "../substance/access";
import { signedSegmentUrl } from "./segments";

/**
 * Who may fetch which part of a video. A rendition's playlist (`480p.m3u8`) — or the master that
 * names them all (`master.m3u8`, `masterPlaylist`) — is decided per request: a viewer
 * without the right gets one that ends at the free-time limit, and every segment it names is
 * signed (the signature is the permission to fetch that segment). Null: no such video or
 * rendition for this caller. Each segment's URL also carries the playlist's own media params (spec
 * §7), exactly as a player adds them: a browser playing the playlist itself (native HLS) asks the
 * same URLs as shaka and as the page's preloads (decision 0035), so one download serves all.
 */
export async function playlistFor(
  ctx: AppContext,
  caller: Caller,
  videoId: string,
  file: string,
  params: MediaParams = {},
): Promise<{ readonly text: string; readonly access: string } | null> {
  const rendition = /^(\d+p|master)\.m3u8$/.exec(file)?.[1];
  const id = Number(videoId);
  if (!rendition || !Number.isSafeInteger(id)) return null;
  const video = await watchableVideo(ctx.db, id, caller.userId);
  if (!video?.mediaKey) return null;
  const limitMs = await previewLimitMs(ctx.db, video, await viewerOf(ctx, caller.userId));
  if (rendition === MASTER) {
    const variants = await ctx.media.variants(video.mediaKey);
    if (variants.length === 0) return null;
    const access = playlistAccess(limitMs);
    return { text: masterPlaylist(variants, access, params), access };
  }
  const playlist = await ctx.media.playlist(video.mediaKey, rendition);
  if (!playlist) return null;
  const text = renderPlaylist(playlist, limitMs, (name) =>
    withMediaParams(signedSegmentUrl(ctx, `${String(id)}/${rendition}/${name}`, video.lengthMs), params),
  );
  return { text, access: playlistAccess(limitMs) };
}

/** The name of a video's master playlist (`master.m3u8`) beside its renditions' (`480p.m3u8`). */
export const MASTER = "master";

/**
 * A video's master playlist (Step 23): its renditions the lightest first — a player starts there and
 * adapts up, so the first frame waits for the smallest first segment — each with its bandwidth,
 * size and codecs. Each rendition's URL names the viewer's access and carries the media params, as
 * getInfoById's do: the very URLs a player of one rendition, and the page's preloads, ask for.
 */
export function masterPlaylist(variants: readonly Variant[], access: string, params: MediaParams): string {
  return masterText(
    variants.map((v) => ({ ...v, uri: withMediaParams(`${v.name}.m3u8?access=${access}`, params) })),
  );
}

/**
 * The file of a signed segment (its signature already checked). A preview's last segment is a cut
 * of the segment the limit falls in, named by its limit: the signature covers that name, so it
 * never opens the whole segment.
 */
export async function segmentFile(
  ctx: AppContext,
  videoId: string,
  rendition: string,
  file: string,
): Promise<MediaSource | null> {
  const video = await watchableVideo(ctx.db, Number(videoId), null, true);
  if (!video?.mediaKey) return null;
  const preview = parsePreviewSegmentName(file);
  return preview
    ? ctx.media.previewFile(video.mediaKey, rendition, preview.file, preview.limitMs)
    : ctx.media.mediaFile(video.mediaKey, rendition, file);
}
