/**
 * Searching videos (spec §7 search): title, tag or author name with the list's filters; the hot
 * tags.
 */
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users, videos } from "../../db/schema";
import { isPublished } from "../substance/access";
import { filtersWhere, sortOf, videoPage } from "../substance/lists";
import { afterCursor, keyColumns, keysAt, orderOf, pageFrom, upTo } from "../../db/keyset";
import type { Keyset, PageRequest } from "../../db/keyset";
import { containing, dateFormatOf, toVideo, videoQuery } from "../substance/videos";
import type { ListedVideo } from "../substance/videos";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

/** How many hot tags the search page offers. */
const HOT_TAGS = 12;

export async function searchVideos(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"search.substance">,
): Promise<ResponseOf<"search.substance">> {
  const base = and(isPublished, ...filtersWhere(body));
  const order = sortOf(body.sort);
  const format = dateFormatOf(request);
  const page = (where: SQL | undefined) => videoPage(ctx, caller.userId, format, where, order, body);
  if (body.keyword === "") return page(base);
  const text = contains(body.keyword);
  if (body.cursor === undefined)
    return numberedSearch(
      ctx,
      { viewerId: caller.userId, format, base, text, keyword: body.keyword },
      order,
      body,
    );
  const after = body.cursor === null ? undefined : afterCursor(order, body.cursor);
  // A common keyword: its next matches are found by reading the sort order's index on from the
  // cursor, SEARCH_PROBE_ROWS videos at most — cheaper than fetching every match to sort them.
  const boundary = await keysAt(ctx.db, videos, and(base, after), order, ctx.config.searchProbeRows - 1);
  const near = await page(and(base, boundary ? upTo(order, boundary) : undefined, text));
  if (!boundary || near.cursor !== null) return near;
  // A rare one (not a page of matches in that many): its matches are few, so the GIN indexes
  // find them all and only they are sorted.
  return page(and(base, idIn(await candidates(ctx, and(base, after), body.keyword, text))));
}

interface Search {
  readonly viewerId: number;
  readonly format: (d: Date) => string;
  /** Published, and the list's filters. */
  readonly base: SQL | undefined;
  /** The keyword's match (`contains`). */
  readonly text: SQL;
  readonly keyword: string;
}

/**
 * A numbered page of a search (decision 0033), found as a keyset search finds its page: a common
 * keyword's matches by reading the order, SEARCH_PROBE_ROWS videos for each page asked for (page 3
 * reads up to 6 000), testing each; a rare keyword's (not enough matches there) all from the GIN
 * indexes. Matches are never all counted (each is an ILIKE of title, tags and author): the total
 * is exact when every match was seen, else the matches through this page and one more, a lower
 * bound (`totalPlus`: another page follows).
 */
async function numberedSearch(ctx: AppContext, search: Search, order: Keyset, paging: PageRequest) {
  const { viewerId, format, base, text, keyword } = search;
  const offset = (paging.current - 1) * paging.size;
  const edge = await keysAt(ctx.db, videos, base, order, ctx.config.searchProbeRows * paging.current - 1);
  const rows = await videoQuery(ctx, viewerId, keyColumns(order))
    .where(and(base, edge ? upTo(order, edge) : undefined, text))
    .orderBy(...orderOf(order))
    .offset(offset)
    .limit(paging.size + 1);
  const toRecords = (shown: ListedVideo[]) => shown.map((r) => toVideo(ctx, r, format));
  const more = rows.length > paging.size;
  // A page and one more match: at least that many. The window held the whole list: exact.
  if (more || (!edge && (rows.length > 0 || offset === 0)))
    return pageFrom(order, paging, rows, toRecords, { total: offset + rows.length, plus: more });
  // Too few matches in the window (or none left past it): every match, from the indexes.
  const all = await candidates(ctx, base, keyword, text);
  // They are the list: its length is known, and its page is sought from the nearer end.
  return videoPage(ctx, viewerId, format, and(base, idIn(all)), order, paging, sql.raw(String(all.length)));
}

/** The title, tags or author's nickname contain the keyword (as typed: % and _ are literal). */
function contains(keyword: string): SQL {
  const pattern = containing(keyword);
  return (
    or(
      ilike(videos.title, pattern),
      sql`array_to_string(${videos.tags}, ' ') ilike ${pattern}`,
      ilike(users.nickName, pattern),
    ) ?? sql`false`
  );
}

/** `videos.id` among these ids, sent as one text parameter however many there are. */
function idIn(ids: readonly number[]): SQL {
  return ids.length === 0
    ? sql`false`
    : sql`${videos.id} = any(string_to_array(${ids.join(",")}, ',')::bigint[])`;
}

/**
 * Every video that matches (`text`) among those `where` allows, found through the GIN indexes of
 * characters and character pairs (`text_grams`, migration 0008): the videos whose title or tags
 * hold every pair of the keyword, and the videos of the authors whose nickname does — two
 * queries, so each uses its own index (a pair index finds a two-character Chinese word such as
 * 美食, which trigrams cannot); ILIKE then keeps the exact matches, as before.
 */
async function candidates(
  ctx: AppContext,
  where: SQL | undefined,
  keyword: string,
  text: SQL,
): Promise<number[]> {
  const grams = sql`keyword_grams(${keyword})`;
  const found = await Promise.all(
    [videos.searchGrams, users.searchGrams].map((column) =>
      ctx.db
        .select({ id: videos.id })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.authorId))
        .where(and(where, sql`${column} @> ${grams}`, text)),
    ),
  );
  return [...new Set(found.flat().map((r) => r.id))];
}

export async function hotTags(ctx: AppContext): Promise<ResponseOf<"search.hotTags">> {
  const tagged = ctx.db
    .select({ tag: sql<string>`unnest(${videos.tags})`.as("tag"), plays: videos.playCount })
    .from(videos)
    .where(isPublished)
    .as("tagged");
  const plays = sql<number>`sum(${tagged.plays})`.mapWith(Number);
  return ctx.db
    .select({ tag: tagged.tag, playCount: plays })
    .from(tagged)
    .groupBy(tagged.tag)
    .orderBy(desc(plays), tagged.tag)
    .limit(HOT_TAGS);
}
