/**
 * The lists of videos (spec §3, §7): the catalogue with its filters and sorts, related, one's own,
 * bought, by author; topics and classifications.
 */
import type { PriceFilter } from "@platform/domain";
import {
  DurationBucket,
  SortOrder,
  TagFilter,
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
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { countWhere, existsWhere } from "../../db/subqueries";
import { classifications, purchases, topics, users, videos, watchHistory } from "../../db/schema";
import { offsetOf } from "../../http/time";
import { isPublished } from "./access";
import { dateFormatOf, pageOf, toVideo, totalOver, videoQuery } from "./videos";
import type { ListedVideo } from "./videos";
import { substanceCaches } from "./caches";
import type { ResponseOf } from "@platform/api-client";
import type { RouteInput, SignedInInput } from "../../http/route";
import { mustWatch } from "./viewer";

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
  const caches = substanceCaches(ctx);
  const page = await caches.videoPages.through(`${key}|${zone}`, async () => {
    const loaded = await loadPage(ctx, null, where, orderBy, paging);
    const format = dateFormatOf(request);
    return { rows: loaded.rows.map((r) => toVideo(ctx, r, format)), total: loaded.total };
  });
  const seen =
    viewerId === null
      ? new Map<number, number>()
      : await caches.viewerSeen.through(`${String(viewerId)}|${key}`, () =>
          seenOf(
            ctx,
            viewerId,
            page.rows.map((r) => Number(r.id)),
          ),
        );
  const records =
    seen.size === 0
      ? [...page.rows]
      : page.rows.map((r) => ({ ...r, seenMs: seen.get(Number(r.id)) ?? null }));
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

export async function classifyList(
  ctx: AppContext,
  { body }: RouteInput<"substance.classifyList">,
): Promise<ResponseOf<"substance.classifyList">> {
  return (
    await ctx.db.select().from(classifications).orderBy(asc(classifications.sort)).limit(body.limit)
  ).map((c) => ({
    id: String(c.id),
    name: c.name,
    sort: c.sort,
  }));
}

// Public: the channel pages (/d/…) list videos before anyone signs in.
export async function getVideoList(
  ctx: AppContext,
  { body, caller, request }: RouteInput<"substance.getVideoList">,
): Promise<ResponseOf<"substance.getVideoList">> {
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
}

export async function recommendByVideoId(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.recommendByVideoId">,
): Promise<ResponseOf<"substance.recommendByVideoId">> {
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
}

export async function getMyVideoList(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.getMyVideoList">,
): Promise<ResponseOf<"substance.getMyVideoList">> {
  return videoPage(
    ctx,
    caller.userId,
    dateFormatOf(request),
    and(eq(videos.authorId, caller.userId), isNull(videos.deletedAt)),
    [desc(videos.createdAt), desc(videos.id)],
    body,
  );
}

export async function browseMyVideo(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.browseMyVideo">,
): Promise<ResponseOf<"substance.browseMyVideo">> {
  return videoPage(
    ctx,
    caller.userId,
    dateFormatOf(request),
    and(isPublished, eq(videos.authorId, Number(body.userId))),
    [desc(videos.auditTime), desc(videos.id)],
    body,
  );
}

export async function myBuyVideoList(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.myBuyVideoList">,
): Promise<ResponseOf<"substance.myBuyVideoList">> {
  return videoPage(
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
  );
}

export async function topicList(
  ctx: AppContext,
  { body }: RouteInput<"substance.topicList">,
): Promise<ResponseOf<"substance.topicList">> {
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
}
