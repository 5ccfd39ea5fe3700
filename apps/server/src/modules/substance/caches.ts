import type { Video } from "@platform/api-client";
import type { Page } from "../../db/keyset";
import { TtlCache, cachesPerContext, clockOf } from "../../cache";
import type { ListedVideo } from "./videos";
import type { AppContext } from "../../context";

/** A viewer-independent page of the catalogue, as the contract lists it. */
export type CataloguePage = Page<Video>;

/** What one viewer has done with one video (see viewer.ts). */
export interface ViewerFlags {
  readonly bought: boolean;
  readonly liked: boolean;
  readonly collected: boolean;
  readonly following: boolean;
  readonly seenMs: number | null;
}

/**
 * The videos' hot reads, kept CATALOGUE_CACHE_MS in this process; a write drops what it changes
 * (forgetVideo, forgetViewer) here and in every other process (cache.ts, CacheDrops). Pages of the
 * list are not dropped: they are viewer-independent and at most CATALOGUE_CACHE_MS old.
 */
export const substanceCaches = cachesPerContext((ctx) => {
  const ttl = ctx.config.catalogueCacheMs;
  const clock = clockOf(ctx);
  const made = {
    /** Viewer-independent pages of the video list, by filters, paging and time zone. */
    videoPages: new TtlCache<string, CataloguePage>(ttl, 2_000, clock),
    /** Viewer-independent video rows, by id (null: no such video). */
    videos: new TtlCache<number, ListedVideo | null>(ttl, 10_000, clock),
    /** What a viewer did with a video (bought, liked…), by `viewerId:videoId`. */
    viewerFlags: new TtlCache<string, ViewerFlags>(ttl, 50_000, clock),
    /** A viewer's resume positions on one list page, by `viewerId|page key`. */
    viewerSeen: new TtlCache<string, ReadonlyMap<number, number>>(ttl, 50_000, clock),
  };
  ctx.caches.drops.on("video", (id) => {
    made.videos.delete(id);
  });
  ctx.caches.drops.on("viewer", (viewerId) => {
    made.viewerFlags.deleteWhere((_, key) => key.startsWith(`${String(viewerId)}:`));
    made.viewerSeen.deleteWhere((_, key) => key.startsWith(`${String(viewerId)}|`));
  });
  return made;
});

/** Drop a video's cached row (after a change), and the acting viewer's flags: in every process. */
export function forgetVideo(ctx: AppContext, id: number, viewerId?: number): void {
  ctx.caches.drops.drop("video", id);
  if (viewerId !== undefined) forgetViewer(ctx, viewerId);
}

/** Drop what every process keeps about a viewer's flags and resume positions (after they acted). */
export function forgetViewer(ctx: AppContext, viewerId: number): void {
  ctx.caches.drops.drop("viewer", viewerId);
}
