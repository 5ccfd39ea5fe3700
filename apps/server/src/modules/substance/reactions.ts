/**
 * What viewers do to a video: like, collect, play (the resume position and the play count), share.
 */
import { BusinessCode } from "@platform/domain";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import {
  favoriteFolders,
  favoriteItems,
  videoCollects,
  videoLikes,
  videoDailyPlays,
  videos,
  watchHistory,
} from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { countsNow } from "./counts";
import { utcDay } from "./trend";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";
import { forgetVideo, mustWatch } from "./viewer";

/** Collect a video (idempotent); the video's collect count, after. */
export async function collectInto(tx: Db, userId: number, videoId: number): Promise<number> {
  const added = await tx
    .insert(videoCollects)
    .values({ userId, videoId })
    .onConflictDoNothing()
    .returning({ videoId: videoCollects.videoId });
  const [row] = await tx
    .update(videos)
    .set({ collectCount: sql`${videos.collectCount} + ${added.length}` })
    .where(eq(videos.id, videoId))
    .returning({ collectCount: videos.collectCount });
  return row?.collectCount ?? 0;
}

/** Un-collect a video (idempotent), also out of every folder of this user. */
export async function uncollect(tx: Db, userId: number, videoId: number): Promise<number> {
  const removed = await tx
    .delete(videoCollects)
    .where(and(eq(videoCollects.userId, userId), eq(videoCollects.videoId, videoId)))
    .returning({ videoId: videoCollects.videoId });
  await tx
    .delete(favoriteItems)
    .where(
      and(
        eq(favoriteItems.videoId, videoId),
        sql`${favoriteItems.folderId} in (select ${favoriteFolders.id} from ${favoriteFolders} where ${favoriteFolders.userId} = ${userId})`,
      ),
    );
  const [row] = await tx
    .update(videos)
    .set({ collectCount: sql`${videos.collectCount} - ${removed.length}` })
    .where(eq(videos.id, videoId))
    .returning({ collectCount: videos.collectCount });
  return row?.collectCount ?? 0;
}

export async function doLike(
  ctx: AppContext,
  { body, caller }: SignedInInput<"substance.doLike">,
): Promise<ResponseOf<"substance.doLike">> {
  const video = await mustWatch(ctx, body.substanceId, caller.userId);
  const liked = await ctx.db.transaction(async (tx) => {
    const added = await tx
      .insert(videoLikes)
      .values({ userId: caller.userId, videoId: video.id })
      .onConflictDoNothing()
      .returning({ videoId: videoLikes.videoId });
    if (added.length === 0) {
      await tx
        .delete(videoLikes)
        .where(and(eq(videoLikes.userId, caller.userId), eq(videoLikes.videoId, video.id)));
    }
    const [row] = await tx
      .update(videos)
      .set({ likeCount: sql`${videos.likeCount} + ${added.length > 0 ? 1 : -1}` })
      .where(eq(videos.id, video.id))
      .returning({ likeCount: videos.likeCount });
    return { likeFlag: added.length > 0, likeCount: row?.likeCount ?? 0 };
  });
  // Dropped after the commit, so no read in between can cache the row as it was.
  forgetVideo(ctx, video.id, caller.userId);
  return liked;
}

export async function collect(
  ctx: AppContext,
  { body, caller }: SignedInInput<"substance.collect">,
): Promise<ResponseOf<"substance.collect">> {
  const video = await mustWatch(ctx, body.substanceId, caller.userId);
  const collectCount = await ctx.db.transaction((tx) => collectInto(tx, caller.userId, video.id));
  forgetVideo(ctx, video.id, caller.userId);
  return { collectFlag: true, collectCount };
}

export async function cancelCollect(
  ctx: AppContext,
  { body, caller }: SignedInInput<"substance.cancelCollect">,
): Promise<ResponseOf<"substance.cancelCollect">> {
  const videoId = Number(body.substanceId);
  if (!Number.isSafeInteger(videoId)) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  const collectCount = await ctx.db.transaction((tx) => uncollect(tx, caller.userId, videoId));
  forgetVideo(ctx, videoId, caller.userId);
  return { collectFlag: false, collectCount };
}

export async function doPlay(
  ctx: AppContext,
  { body, caller }: SignedInInput<"substance.doPlay">,
): Promise<ResponseOf<"substance.doPlay">> {
  const video = await mustWatch(ctx, body.onlineId, caller.userId);
  const seenMs = Math.min(body.seenMs, video.lengthMs);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(watchHistory)
      .values({
        userId: caller.userId,
        videoId: video.id,
        seenMs,
        renewCount: body.renewCount,
        browsedAt: ctx.now(),
      })
      .onConflictDoUpdate({
        target: [watchHistory.userId, watchHistory.videoId],
        set: { seenMs, renewCount: body.renewCount, browsedAt: ctx.now() },
      });
    // A viewing reports renewCount 0 first; its later reports only move the position. A viewer
    // counts once per video per window, however often the call is repeated.
    if (body.renewCount === 0 && (await countsNow(ctx, tx, caller.userId, video.id, "PLAY"))) {
      await tx
        .update(videos)
        .set({ playCount: sql`${videos.playCount} + 1` })
        .where(eq(videos.id, video.id));
      // The day's count too, for the 'trend' tab's "most watched lately".
      await tx
        .insert(videoDailyPlays)
        .values({ videoId: video.id, day: utcDay(ctx.now()), plays: 1 })
        .onConflictDoUpdate({
          target: [videoDailyPlays.videoId, videoDailyPlays.day],
          set: { plays: sql`${videoDailyPlays.plays} + 1` },
        });
    }
  });
  forgetVideo(ctx, video.id, caller.userId);
  return null;
}

export async function doForward(
  ctx: AppContext,
  { body, caller }: SignedInInput<"substance.doForward">,
): Promise<ResponseOf<"substance.doForward">> {
  const video = await mustWatch(ctx, body.substanceId, caller.userId);
  // Every share is answered; a viewer's shares of a video count once per window.
  const forwardCount = await ctx.db.transaction(async (tx) => {
    const counts = await countsNow(ctx, tx, caller.userId, video.id, "FORWARD");
    const [row] = await tx
      .update(videos)
      .set({ forwardCount: sql`${videos.forwardCount} + ${counts ? 1 : 0}` })
      .where(eq(videos.id, video.id))
      .returning({ forwardCount: videos.forwardCount });
    return row?.forwardCount ?? 0;
  });
  forgetVideo(ctx, video.id, caller.userId);
  return { forwardCount, shareUrl: `/videoview?id=${String(video.id)}` };
}
