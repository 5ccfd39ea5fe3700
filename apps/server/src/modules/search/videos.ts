/**
 * Searching videos (spec §7 search): title, tag or author name with the list's filters; the hot
 * tags.
 */
import { and, desc, ilike, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users, videos } from "../../db/schema";
import { isPublished } from "../substance/access";
import { filtersWhere, sortOf, videoPage } from "../substance/lists";
import { containing, dateFormatOf } from "../substance/videos";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

/** How many hot tags the search page offers. */
const HOT_TAGS = 12;

export async function searchVideos(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"search.substance">,
): Promise<ResponseOf<"search.substance">> {
  const where = [isPublished, ...filtersWhere(body)];
  if (body.keyword !== "") {
    const pattern = containing(body.keyword);
    where.push(
      or(
        ilike(videos.title, pattern),
        sql`array_to_string(${videos.tags}, ' ') ilike ${pattern}`,
        ilike(users.nickName, pattern),
      ) ?? sql`true`,
    );
  }
  return videoPage(ctx, caller.userId, dateFormatOf(request), and(...where), sortOf(body.sort), body);
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
