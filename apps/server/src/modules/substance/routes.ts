import type { PriceFilter } from "@platform/domain";
import {
  BusinessCode,
  DurationBucket,
  SortOrder,
  TagFilter,
  VIDEO_PUBLISHED,
  WatchLevel,
  durationRangeOf,
  watchLevelOfPriceFilter,
} from "@platform/domain";
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
} from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Video } from "@platform/api-client";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { countWhere, existsWhere } from "../../db/subqueries";
import {
  classifications,
  favoriteFolders,
  favoriteItems,
  follows,
  purchases,
  topics,
  users,
  videoCollects,
  videoLikes,
  videos,
  watchHistory,
} from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { ServerMessage } from "../../http/messages";
import { route } from "../../http/route";
import { offsetOf } from "../../http/time";
import { BalanceType, balancesOf, debit } from "../trade/wallet";
import { isVipNow } from "../user/membership";
import { backgroundUrlOf } from "../user/routes";
import {
  freeTimeOf,
  isPublished,
  priceFor,
  privilegesOf,
  viewerFrom,
  viewerOf,
  watchableVideo,
} from "./access";
import type { VideoRow } from "./access";
import { channelRoutes } from "./channels";
import { countsNow } from "./counts";
import { dateFormatOf, pageOf, toVideo, totalOver, videoQuery } from "./videos";
import type { ListedVideo } from "./videos";

/** The filters of spec §3 as SQL (shared by the video list and the video search). */
export function filtersWhere(filters: {
  price: PriceFilter;
  duration: DurationBucket;
  tag: TagFilter | null;
}): SQL[] {
  const where: SQL[] = [];
  const level = watchLevelOfPriceFilter(filters.price);
  if (level) where.push(eq(videos.watchLevel, level));
  if (filters.duration !== DurationBucket.all) {
    const range = durationRangeOf(filters.duration);
    where.push(gte(videos.lengthMs, range.minMs));
    if (range.maxMs !== null) where.push(lte(videos.lengthMs, range.maxMs));
  }
  if (filters.tag === TagFilter.hot) where.push(eq(videos.isHot, true));
  if (filters.tag === TagFilter.selected) where.push(eq(videos.isSelected, true));
  return where;
}

/** Sort orders of spec §3: default puts hot videos first, then the newest reviewed. */
export function sortOf(sort: SortOrder): SQL[] {
  switch (sort) {
    case SortOrder.recentUpdate:
      return [desc(videos.updatedAt), desc(videos.id)];
    case SortOrder.mostPlays:
      return [desc(videos.playCount), desc(videos.id)];
    default:
      return [desc(videos.isHot), desc(videos.auditTime), desc(videos.id)];
  }
}

/** A page of videos as the contract lists them: one query for the page and its total. */
export async function videoPage(
  ctx: AppContext,
  viewerId: number | null,
  format: (d: Date) => string,
  where: SQL | undefined,
  orderBy: SQL[],
  paging: { current: number; size: number },
) {
  const { rows, total } = await loadPage(ctx, viewerId, where, orderBy, paging);
  return pageOf(
    rows.map((r) => toVideo(ctx, r, format)),
    total,
    paging,
  );
}

async function loadPage(
  ctx: AppContext,
  viewerId: number | null,
  where: SQL | undefined,
  orderBy: SQL[],
  paging: { current: number; size: number },
): Promise<{ rows: ListedVideo[]; total: number }> {
  const offset = (paging.current - 1) * paging.size;
  const rows = await videoQuery(ctx, viewerId, { total: totalOver() })
    .where(where)
    .orderBy(...orderBy)
    .limit(paging.size)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(videos)
      .innerJoin(users, eq(users.id, videos.authorId))
      .where(where);
    total = row?.n ?? 0;
  }
  return { rows, total };
}

/**
 * The catalogue's list (the hottest call): the viewer-independent page is kept briefly
 * (CATALOGUE_CACHE_MS) and only this viewer's resume positions are read for it.
 */
async function cataloguePage(
  ctx: AppContext,
  key: string,
  viewerId: number | null,
  request: FastifyRequest,
  where: SQL | undefined,
  orderBy: SQL[],
  paging: { current: number; size: number },
) {
  // Kept as the contract's records, per time zone (times are written in the caller's zone).
  const zone = String(offsetOf(request));
  const page = (await ctx.caches.videoPages.through(`${key}|${zone}`, async () => {
    const loaded = await loadPage(ctx, null, where, orderBy, paging);
    const format = dateFormatOf(request);
    return { rows: loaded.rows.map((r) => toVideo(ctx, r, format)), total: loaded.total };
  })) as { rows: Video[]; total: number };
  const seen =
    viewerId === null
      ? new Map<number, number>()
      : await ctx.caches.viewerSeen.through(`${String(viewerId)}|${key}`, () =>
          seenOf(
            ctx,
            viewerId,
            page.rows.map((r) => Number(r.id)),
          ),
        );
  const records =
    seen.size === 0 ? page.rows : page.rows.map((r) => ({ ...r, seenMs: seen.get(Number(r.id)) ?? null }));
  return pageOf(records, page.total, paging);
}

/** Where this viewer stopped in each of these videos. */
async function seenOf(ctx: AppContext, viewerId: number | null, ids: number[]): Promise<Map<number, number>> {
  if (viewerId === null || ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ videoId: watchHistory.videoId, seenMs: watchHistory.seenMs })
    .from(watchHistory)
    .where(and(eq(watchHistory.userId, viewerId), inArray(watchHistory.videoId, ids)));
  return new Map(rows.map((r) => [r.videoId, r.seenMs]));
}

/** A video row without viewer data, kept briefly; writes of this process drop it. */
async function videoRow(ctx: AppContext, id: number): Promise<ListedVideo | null> {
  if (!Number.isSafeInteger(id)) return null;
  return (await ctx.caches.videos.through(id, async () => {
    const [row] = await videoQuery(ctx, null).where(eq(videos.id, id));
    return row ?? null;
  })) as ListedVideo | null;
}

/** Drop a video's cached row (after this process changed it), and the acting viewer's flags. */
export function forgetVideo(ctx: AppContext, id: number, viewerId?: number): void {
  ctx.caches.videos.delete(id);
  if (viewerId !== undefined) forgetViewer(ctx, viewerId);
}

interface ViewerFlags {
  readonly bought: boolean;
  readonly liked: boolean;
  readonly collected: boolean;
  readonly following: boolean;
  readonly seenMs: number | null;
}

/**
 * What this viewer has done with a video, in one statement, kept briefly; every write of this
 * process that changes one drops the viewer's entries (forgetViewer). The rights it reports are
 * what the app shows; the media routes decide from the database itself.
 */
async function viewerFlags(ctx: AppContext, viewerId: number | null, video: VideoRow): Promise<ViewerFlags> {
  if (viewerId === null)
    return { bought: false, liked: false, collected: false, following: false, seenMs: null };
  return (await ctx.caches.viewerFlags.through(`${String(viewerId)}:${String(video.id)}`, () =>
    loadViewerFlags(ctx, viewerId, video),
  )) as ViewerFlags;
}

/** Drop what this process keeps about a viewer's flags and resume positions (after they acted). */
export function forgetViewer(ctx: AppContext, viewerId: number): void {
  ctx.caches.viewerFlags.deleteWhere((_, key) => key.startsWith(`${String(viewerId)}:`));
  ctx.caches.viewerSeen.deleteWhere((_, key) => key.startsWith(`${String(viewerId)}|`));
}

async function loadViewerFlags(ctx: AppContext, viewerId: number, video: VideoRow): Promise<ViewerFlags> {
  const result = await ctx.db.execute(sql`select
    exists (select 1 from ${purchases} where ${purchases.userId} = ${viewerId} and ${purchases.videoId} = ${video.id}) as bought,
    exists (select 1 from ${videoLikes} where ${videoLikes.userId} = ${viewerId} and ${videoLikes.videoId} = ${video.id}) as liked,
    exists (select 1 from ${videoCollects} where ${videoCollects.userId} = ${viewerId} and ${videoCollects.videoId} = ${video.id}) as collected,
    exists (select 1 from ${follows} where ${follows.userId} = ${viewerId} and ${follows.followUserId} = ${video.authorId}) as following,
    (select ${watchHistory.seenMs} from ${watchHistory} where ${watchHistory.userId} = ${viewerId} and ${watchHistory.videoId} = ${video.id}) as seen`);
  const [flags] = (
    result as {
      rows: {
        bought: boolean;
        liked: boolean;
        collected: boolean;
        following: boolean;
        seen: number | null;
      }[];
    }
  ).rows;
  return {
    bought: flags?.bought === true,
    liked: flags?.liked === true,
    collected: flags?.collected === true,
    following: flags?.following === true,
    seenMs: flags?.seen ?? null,
  };
}

async function mustWatch(ctx: AppContext, id: string, viewerId: number | null): Promise<VideoRow> {
  const video = await watchableVideo(ctx.db, Number(id), viewerId);
  if (!video) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return video;
}

export function substanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "substance.classifyList", "public", async ({ body }) =>
    (await ctx.db.select().from(classifications).orderBy(asc(classifications.sort)).limit(body.limit)).map(
      (c) => ({
        id: String(c.id),
        name: c.name,
        sort: c.sort,
      }),
    ),
  );

  // Public: the channel pages (/d/…) list videos before anyone signs in.
  route(app, ctx, "substance.getVideoList", "public", async ({ body, caller, request }) => {
    const where = [isPublished, ...filtersWhere(body)];
    if (body.classifyId) where.push(eq(videos.classifyId, Number(body.classifyId)));
    if (body.topicId) where.push(eq(videos.topicId, Number(body.topicId)));
    if (body.channelTagId !== undefined && body.channelTagId !== "")
      where.push(eq(videos.channelTagId, body.channelTagId));
    return cataloguePage(
      ctx,
      JSON.stringify(body),
      caller?.userId ?? null,
      request,
      and(...where),
      sortOf(body.sort),
      body,
    );
  });

  route(app, ctx, "substance.getInfoById", "public", async ({ body, caller, request }) => {
    const viewer = viewerFrom(ctx, caller);
    const row = await videoRow(ctx, Number(body.id));
    const visible =
      row !== null &&
      row.deletedAt === null &&
      (row.status === VIDEO_PUBLISHED || (viewer.userId !== null && row.authorId === viewer.userId));
    if (!visible) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    const mine = await viewerFlags(ctx, viewer.userId, row);
    return {
      ...toVideo(ctx, { ...row, seenMs: mine.seenMs }, dateFormatOf(request)),
      multiResolutionList: ctx.media.resolutions(row.mediaKey, row.id),
      videoOriginalFileUrl: null,
      privileges: privilegesOf(row, viewer, mine.bought),
      freeTimeMs: freeTimeOf(row),
      benefitAmount: row.watchLevel === WatchLevel.CHARGE ? priceFor(ctx, row, viewer) : null,
      likeFlag: mine.liked,
      collectFlag: mine.collected,
      hasFollow: mine.following,
      forwardCount: row.forwardCount,
    };
  });

  route(app, ctx, "substance.recommendByVideoId", "user", async ({ body, caller, request }) => {
    const video = await mustWatch(ctx, body.videoId, caller.userId);
    const related = or(
      video.classifyId === null ? sql`false` : eq(videos.classifyId, video.classifyId),
      video.tags.length === 0 ? sql`false` : arrayOverlaps(videos.tags, video.tags),
      eq(videos.authorId, video.authorId),
    );
    const page = await videoPage(
      ctx,
      caller.userId,
      dateFormatOf(request),
      and(isPublished, ne(videos.id, video.id), related),
      [desc(videos.playCount), desc(videos.id)],
      { current: 1, size: body.size },
    );
    return page.records;
  });

  route(app, ctx, "substance.getMyVideoList", "user", async ({ body, caller, request }) =>
    videoPage(
      ctx,
      caller.userId,
      dateFormatOf(request),
      and(eq(videos.authorId, caller.userId), isNull(videos.deletedAt)),
      [desc(videos.createdAt), desc(videos.id)],
      body,
    ),
  );

  route(app, ctx, "substance.browseMyVideo", "user", async ({ body, caller, request }) =>
    videoPage(
      ctx,
      caller.userId,
      dateFormatOf(request),
      and(isPublished, eq(videos.authorId, Number(body.userId))),
      [desc(videos.auditTime), desc(videos.id)],
      body,
    ),
  );

  route(app, ctx, "substance.authorInfo", "user", async ({ body, caller }) => {
    const authorId = Number(body.userId);
    const [author] = Number.isSafeInteger(authorId)
      ? await ctx.db
          .select({
            id: users.id,
            nickName: users.nickName,
            avatarUrl: users.avatarUrl,
            bgImgKey: users.bgImgKey,
            bgImgBucket: users.bgImgBucket,
            introduction: users.introduction,
            vipPermanent: users.vipPermanent,
            vipExpiresAt: users.vipExpiresAt,
            fans: countWhere(ctx.db, follows, eq(follows.followUserId, users.id)),
            following: countWhere(ctx.db, follows, eq(follows.userId, users.id)),
            videoCount: countWhere(ctx.db, videos, and(eq(videos.authorId, users.id), isPublished)),
            likeCount: sql<number>`${ctx.db
              .select({ n: sql`coalesce(sum(${videos.likeCount}), 0)` })
              .from(videos)
              .where(and(eq(videos.authorId, users.id), isPublished))}`.mapWith(Number),
            hasFollow: existsWhere(
              ctx.db,
              follows,
              and(eq(follows.userId, caller.userId), eq(follows.followUserId, users.id)),
            ),
          })
          .from(users)
          .where(and(eq(users.id, authorId), isNull(users.deletedAt)))
      : [];
    if (!author) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    return {
      userId: String(author.id),
      nickName: author.nickName,
      avatarFileUrl: author.avatarUrl,
      bgImgFileUrl: backgroundUrlOf(author),
      introduction: author.introduction,
      fansCount: author.fans,
      followCount: author.following,
      videoCount: author.videoCount,
      likeCount: author.likeCount,
      hasFollow: author.hasFollow,
      isSelf: author.id === caller.userId,
      isVip: isVipNow(author, ctx.now()),
    };
  });

  route(app, ctx, "substance.doLike", "user", async ({ body, caller }) => {
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
  });

  route(app, ctx, "substance.collect", "user", async ({ body, caller }) => {
    const video = await mustWatch(ctx, body.substanceId, caller.userId);
    const collectCount = await ctx.db.transaction((tx) => collectInto(tx, caller.userId, video.id));
    forgetVideo(ctx, video.id, caller.userId);
    return { collectFlag: true, collectCount };
  });

  route(app, ctx, "substance.cancelCollect", "user", async ({ body, caller }) => {
    const videoId = Number(body.substanceId);
    if (!Number.isSafeInteger(videoId))
      throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    const collectCount = await ctx.db.transaction((tx) => uncollect(tx, caller.userId, videoId));
    forgetVideo(ctx, videoId, caller.userId);
    return { collectFlag: false, collectCount };
  });

  route(app, ctx, "substance.doPlay", "user", async ({ body, caller }) => {
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
      }
    });
    forgetVideo(ctx, video.id, caller.userId);
    return null;
  });

  route(app, ctx, "substance.buyVideo", "user", async ({ body, caller, request }) => {
    const bought = await idempotent(ctx, request, caller.userId, "substance.buyVideo", body, async (tx) => {
      const video = await watchableVideo(tx, Number(body.substanceId), caller.userId);
      if (!video) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
      if (video.watchLevel !== WatchLevel.CHARGE)
        throw new BusinessError(BusinessCode.invalid, ServerMessage.notForSale);
      if (video.authorId === caller.userId)
        throw new BusinessError(BusinessCode.invalid, ServerMessage.ownVideo);
      const price = priceFor(ctx, video, await viewerOf(ctx, caller.userId, tx));
      const [purchase] = await tx
        .insert(purchases)
        .values({ userId: caller.userId, videoId: video.id, payType: body.payType, amount: price })
        .onConflictDoNothing()
        .returning({ id: purchases.id });
      if (!purchase) throw new BusinessError(BusinessCode.conflict, ServerMessage.alreadyBought);
      const balance =
        price > 0
          ? await debit(tx, {
              userId: caller.userId,
              type: BalanceType.GOLD,
              amount: price,
              reason: "BUY_VIDEO",
              reference: `purchases:${String(purchase.id)}`,
            })
          : (await balancesOf(tx, caller.userId)).GOLD;
      return { isBuy: true as const, paidAmount: price, balance };
    });
    forgetViewer(ctx, caller.userId);
    return bought;
  });

  route(app, ctx, "substance.myBuyVideoList", "user", async ({ body, caller, request }) =>
    videoPage(
      ctx,
      caller.userId,
      dateFormatOf(request),
      and(
        isNull(videos.deletedAt),
        existsWhere(
          ctx.db,
          purchases,
          and(eq(purchases.userId, caller.userId), eq(purchases.videoId, videos.id)),
        ),
      ),
      [desc(videos.id)],
      body,
    ),
  );

  route(app, ctx, "substance.topicList", "public", async ({ body }) => {
    const rows = await ctx.db
      .select({
        topic: topics,
        // A query-builder subquery, so `topics.id` keeps its table (see authorInfo).
        videoCount: countWhere(ctx.db, videos, and(eq(videos.topicId, topics.id), isPublished)),
        total: totalOver(),
      })
      .from(topics)
      .orderBy(asc(topics.sort), asc(topics.id))
      .limit(body.size)
      .offset((body.current - 1) * body.size);
    return pageOf(
      rows.map((r) => ({
        id: String(r.topic.id),
        title: r.topic.title,
        description: r.topic.description,
        coverUrl: r.topic.coverUrl,
        videoCount: r.videoCount,
      })),
      rows[0]?.total ?? 0,
      body,
    );
  });

  route(app, ctx, "substance.doForward", "user", async ({ body, caller }) => {
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
  });

  // The channel pages' names (public, like the pages and their lists).
  channelRoutes(app, ctx);
}

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
