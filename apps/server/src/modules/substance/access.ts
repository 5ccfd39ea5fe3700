import { VIDEO_PUBLISHED, WatchLevel, canWatchFully, payablePrice } from "@platform/domain";
import { and, eq, getTableColumns, isNull, or } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { purchases, users, videos } from "../../db/schema";
import type { Caller } from "../../http/caller";
import { isVipNow } from "../user/membership";

/** A video as the server reads it (without the search index's characters). */
export type VideoRow = Omit<typeof videos.$inferSelect, "searchGrams">;

/** The columns of a `VideoRow`: every column but the search's characters (dozens per video). */
export const videoRowColumns = (() => {
  const { searchGrams: _grams, ...columns } = getTableColumns(videos);
  return columns;
})();

/** Who is watching: a user (member or not), or a guest session / nobody. */
export interface Viewer {
  readonly userId: number | null;
  readonly isVip: boolean;
}

/** The viewer of a request: membership as the session lookup found it (no query). */
export function viewerFrom(ctx: AppContext, caller: Caller | null): Viewer {
  if (caller?.userId == null) return { userId: null, isVip: false };
  return { userId: caller.userId, isVip: caller.membership ? isVipNow(caller.membership, ctx.now()) : false };
}

/** `db`: the transaction's handle when called inside one (PGlite deadlocks on the outer handle). */
export async function viewerOf(ctx: AppContext, userId: number | null, db: Db = ctx.db): Promise<Viewer> {
  if (userId === null) return { userId: null, isVip: false };
  const [user] = await db
    .select({ vipPermanent: users.vipPermanent, vipExpiresAt: users.vipExpiresAt })
    .from(users)
    .where(eq(users.id, userId));
  return { userId, isVip: user ? isVipNow(user, ctx.now()) : false };
}

/** Published and not deleted: what everyone may see. */
export const isPublished = and(eq(videos.status, VIDEO_PUBLISHED), isNull(videos.deletedAt));

/**
 * A video this viewer may open: published, or their own (authors see their videos under review).
 * `signed`: the request carries a signed media URL, which is itself the grant: only deletion ends it.
 */
export async function watchableVideo(
  db: Db,
  id: number,
  viewerId: number | null,
  signed = false,
): Promise<VideoRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const [row] = await db
    .select(videoRowColumns)
    .from(videos)
    .where(and(eq(videos.id, id), visibleTo(viewerId, signed)));
  return row;
}

/** The condition of `watchableVideo`: what this viewer may open. */
export function visibleTo(viewerId: number | null, signed = false): SQL | undefined {
  if (signed) return isNull(videos.deletedAt);
  return viewerId === null
    ? isPublished
    : or(isPublished, and(eq(videos.authorId, viewerId), isNull(videos.deletedAt)));
}

export async function hasBought(db: Db, userId: number | null, videoId: number): Promise<boolean> {
  if (userId === null) return false;
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.videoId, videoId)));
  return row !== undefined;
}

/** The rights of spec §3 `privileges`; an author always has the right to their own video. */
export function privilegesOf(video: VideoRow, viewer: Viewer, bought: boolean) {
  const own = viewer.userId !== null && video.authorId === viewer.userId;
  return {
    buyInfo: { isBuy: bought || own },
    vipInfo: { isVip: viewer.isVip },
    watchLevel: video.watchLevel as WatchLevel,
  };
}

/** Where this viewer's preview ends (milliseconds), or null when they may watch it all. */
export async function previewLimitMs(db: Db, video: VideoRow, viewer: Viewer): Promise<number | null> {
  const bought =
    video.watchLevel === WatchLevel.CHARGE ? await hasBought(db, viewer.userId, video.id) : false;
  return limitOf(video, privilegesOf(video, viewer, bought));
}

/** Where a preview of `video` ends for a viewer with these privileges (ms), or null: all of it. */
export function limitOf(video: VideoRow, privileges: ReturnType<typeof privilegesOf>): number | null {
  return canWatchFully(privileges) ? null : freeTimeOf(video);
}

/**
 * What a viewer's playlist of a video holds, as its URL names it (`access=`): `full`, or the
 * preview's limit in milliseconds. The playlist route lets a browser keep an answer whose URL says
 * truly what it holds (decision 0036).
 */
export function playlistAccess(limitMs: number | null): string {
  return limitMs === null ? "full" : String(limitMs);
}

/** The free-time limit, never past the end. */
export function freeTimeOf(video: VideoRow): number {
  return Math.min(video.freeTimeMs, video.lengthMs);
}

/** The member discount a video offers (its own, else the platform's), for CHARGE videos only. */
export function discountOf(ctx: AppContext, video: VideoRow): number | null {
  return video.watchLevel === WatchLevel.CHARGE ? (video.discount ?? ctx.config.memberDiscount) : null;
}

/** What this viewer pays for a CHARGE video (domain rule: members pay the member price). */
export function priceFor(ctx: AppContext, video: VideoRow, viewer: Viewer): number {
  return payablePrice({ amount: video.amount, discount: discountOf(ctx, video) }, viewer.isVip);
}
