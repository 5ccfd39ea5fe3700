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
import { and, arrayOverlaps, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { countWhere, existsWhere } from "../../db/subqueries";
import { catalogueLengths, classifications, purchases, topics, videos, watchHistory } from "../../db/schema";
import { offsetOf } from "../../http/time";
import { isPublished } from "./access";
import { boolKey, intKey, keyset, pageFrom, planPage, timeKey, totalOver } from "../../db/keyset";
import { numberedPlace } from "../../db/numbered";
import { placesOfCatalogue } from "../../db/places";
import type { KeptPlaces } from "../../db/places";
import type { Keyset, Page, PageRequest } from "../../db/keyset";
import { dateFormatOf, pageOf, toVideo, videoQuery } from "./videos";
import type { ListedVideo } from "./videos";
import { substanceCaches } from "./caches";
import type { ResponseOf, Video } from "@platform/api-client";
import type { RouteInput, SignedInInput } from "../../http/route";
import { mustWatch } from "./viewer";
import { withOwnerViews } from "./owner-view";

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

/**
 * Sort orders of spec §3 as keysets (decision 0016): default puts hot videos first, then the
 * newest reviewed; each ends with the id, so the order is total and a cursor names one place.
 * Every one has its index over published videos (migration 0008).
 */
export function sortOf(sort: SortOrder): Keyset {
  switch (sort) {
    case SortOrder.recentUpdate:
      return keyset("desc", timeKey(videos.updatedAt), intKey(videos.id));
    case SortOrder.mostPlays:
      return keyset("desc", intKey(videos.playCount), intKey(videos.id));
    default:
      return keyset("desc", boolKey(videos.isHot), timeKey(videos.auditTime), intKey(videos.id));
  }
}

/**
 * A page of videos as the contract lists them; `length`, when known, is the list's exact length
 * (an SQL scalar) for a numbered page.
 */
export async function videoPage(
  ctx: AppContext,
  viewerId: number | null,
  format: (d: Date) => string,
  where: SQL | undefined,
  order: Keyset,
  paging: PageRequest,
  length?: SQL,
) {
  return loadPage(
    ctx,
    viewerId,
    where,
    order,
    paging,
    (rows) => rows.map((r) => toVideo(ctx, r, format)),
    length,
  );
}

/**
 * A page of videos: by cursor, or by number (decision 0033: sought through the sort's index; its
 * total `length` when the database keeps the list's, else a count up to PAGE_COUNT_HORIZON rows;
 * through the list's `places` when the database keeps them too, decision 0037). `where` names the
 * videos' columns only.
 */
async function loadPage<T>(
  ctx: AppContext,
  viewerId: number | null,
  where: SQL | undefined,
  order: Keyset,
  paging: PageRequest,
  toRecords: (rows: ListedVideo[]) => T[],
  length?: SQL,
  places?: KeptPlaces,
): Promise<Page<T>> {
  const place =
    paging.cursor === undefined
      ? await numberedPlace(
          ctx.db,
          { table: videos, where, order, length, places },
          paging,
          ctx.config.pageCountHorizon,
        )
      : null;
  const plan = planPage(order, place ? { ...paging, cursor: place.cursor } : paging);
  const [rows, counted] = await Promise.all([
    place?.pastEnd
      ? []
      : videoQuery(ctx, viewerId, plan.keys)
          .where(and(where, plan.after))
          .orderBy(...plan.orderBy)
          .limit(plan.limit),
    place?.count(),
  ]);
  return pageFrom(order, paging, rows, toRecords, counted ?? { total: 0, plus: false });
}

/**
 * The catalogue's lists (the hottest calls): the viewer-independent page `load` reads is kept
 * briefly (CATALOGUE_CACHE_MS, under `key` and the time zone) and only this viewer's resume
 * positions are read for it.
 */
export async function cataloguePage<V extends Video>(
  ctx: AppContext,
  key: string,
  viewerId: number | null,
  request: FastifyRequest,
  load: (format: (d: Date) => string) => Promise<Page<V>>,
): Promise<Page<V>> {
  // Kept as the contract's records, per time zone (times are written in the caller's zone). A key
  // is one list's (its name leads it), so what it holds is what that list's `load` made: V.
  const zone = String(offsetOf(request));
  const caches = substanceCaches(ctx);
  const format = dateFormatOf(request);
  const page = (await caches.videoPages.through(`${key}|${zone}`, () => load(format))) as Page<V>;
  const seen =
    viewerId === null
      ? new Map<number, number>()
      : await caches.viewerSeen.through(`${String(viewerId)}|${key}`, () =>
          seenOf(
            ctx,
            viewerId,
            page.records.map((r) => Number(r.id)),
          ),
        );
  return seen.size === 0
    ? { ...page, records: [...page.records] }
    : { ...page, records: page.records.map((r) => ({ ...r, seenMs: seen.get(Number(r.id)) ?? null })) };
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
  const order = sortOf(body.sort);
  // The whole catalogue, or one price of it: the database keeps its length (migration 0023).
  const whole =
    where.length === 1 + (watchLevelOfPriceFilter(body.price) ? 1 : 0)
      ? catalogueLength(body.price)
      : undefined;
  // And where its videos lie in the default order (hot first, then the review time: both change
  // only with an operator's act, decision 0037). Most plays leads with the play count, which every
  // play changes: places kept there would be rewritten by each play, so its pages (and recently
  // updated's, not measured deep) are sought from the nearer end.
  const places =
    whole && body.sort === SortOrder.default
      ? placesOfCatalogue(watchLevelOfPriceFilter(body.price) ?? null)
      : undefined;
  return cataloguePage(ctx, JSON.stringify(body), caller?.userId ?? null, request, (format) =>
    loadPage(
      ctx,
      null,
      and(...where),
      order,
      body,
      (rows) => rows.map((r) => toVideo(ctx, r, format)),
      whole,
      places,
    ),
  );
}

/** The number of published videos (of one price filter's watch level), as the database keeps it. */
function catalogueLength(price: PriceFilter): SQL {
  const level = watchLevelOfPriceFilter(price);
  const list = level ? `published:${level}` : "published";
  return sql`(select ${catalogueLengths.length} from ${catalogueLengths} where ${catalogueLengths.list} = ${list})`;
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
    keyset("desc", intKey(videos.playCount), intKey(videos.id)),
    { current: 1, size: body.size, cursor: null },
  );
  return page.records;
}

/** One's own videos, every status, newest first, each with its author's view (decision 0018). */
export async function getMyVideoList(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.getMyVideoList">,
): Promise<ResponseOf<"substance.getMyVideoList">> {
  const page = await loadPage(
    ctx,
    caller.userId,
    and(eq(videos.authorId, caller.userId), isNull(videos.deletedAt)),
    keyset("desc", timeKey(videos.createdAt), intKey(videos.id)),
    body,
    (rows) => rows,
  );
  return { ...page, records: await withOwnerViews(ctx, request, page.records) };
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
    keyset("desc", timeKey(videos.auditTime), intKey(videos.id)),
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
    keyset("desc", intKey(videos.id)),
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
