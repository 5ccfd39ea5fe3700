import { and, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { countWhere, existsWhere } from "../../db/subqueries";
import { follows, users, videos, watchHistory } from "../../db/schema";
import { route } from "../../http/route";
import { isPublished } from "../substance/access";
import { filtersWhere, forgetViewer, sortOf, videoPage } from "../substance/routes";
import { containing, dateFormatOf, pageOf, toVideo, totalOver, videoQuery } from "../substance/videos";

/** How many hot tags the search page offers. */
const HOT_TAGS = 12;

/**
 * Search (spec §7): videos by title, tag or author name, with the list's filters; members by
 * nickname or member ID; one's own watch history. Matching is case-insensitive substring search,
 * which works the same for Chinese and English text (no word splitting needed).
 */
export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "search.substance", "user", async ({ body, caller, request }) => {
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
  });

  route(app, ctx, "search.user", "user", async ({ body, caller }) => {
    if (body.content === "") return pageOf([], 0, body);
    const rows = await ctx.db
      .select({
        id: users.id,
        nickName: users.nickName,
        avatarUrl: users.avatarUrl,
        fans: countWhere(ctx.db, follows, eq(follows.followUserId, users.id)),
        hasFollow: existsWhere(
          ctx.db,
          follows,
          and(eq(follows.userId, caller.userId), eq(follows.followUserId, users.id)),
        ),
        total: totalOver(),
      })
      .from(users)
      .where(
        and(
          isNull(users.deletedAt),
          or(ilike(users.nickName, containing(body.content)), eq(users.memberId, body.content)),
        ),
      )
      .orderBy(desc(countWhere(ctx.db, follows, eq(follows.followUserId, users.id))), users.id)
      .limit(body.size)
      .offset((body.current - 1) * body.size);
    return pageOf(
      rows.map((r) => ({
        userId: String(r.id),
        nickName: r.nickName,
        avatarFileUrl: r.avatarUrl,
        fansCount: r.fans,
        hasFollow: r.hasFollow,
      })),
      rows[0]?.total ?? 0,
      body,
    );
  });

  route(app, ctx, "search.hotTags", "user", async () => {
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
  });

  route(app, ctx, "search.watchHistory", "user", async ({ body, caller, request }) => {
    const format = dateFormatOf(request);
    const rows = await videoQuery(ctx, caller.userId, { total: totalOver() })
      .where(
        and(
          eq(watchHistory.userId, caller.userId),
          isNull(videos.deletedAt),
          body.keyword === "" ? undefined : ilike(videos.title, containing(body.keyword)),
        ),
      )
      .orderBy(desc(watchHistory.browsedAt), desc(videos.id))
      .limit(body.size)
      .offset((body.current - 1) * body.size);
    const browsed = await ctx.db
      .select({ videoId: watchHistory.videoId, browsedAt: watchHistory.browsedAt })
      .from(watchHistory)
      .where(
        and(
          eq(watchHistory.userId, caller.userId),
          inArray(watchHistory.videoId, rows.length ? rows.map((r) => r.id) : [-1]),
        ),
      );
    const at = new Map(browsed.map((b) => [b.videoId, b.browsedAt]));
    return pageOf(
      rows.map((r) => ({ ...toVideo(ctx, r, format), browseTime: format(at.get(r.id) ?? r.createdAt) })),
      rows[0]?.total ?? 0,
      body,
    );
  });

  route(app, ctx, "search.deleteWatchHistory", "user", async ({ body, caller }) => {
    await ctx.db
      .delete(watchHistory)
      .where(
        and(
          eq(watchHistory.userId, caller.userId),
          body.all === true
            ? undefined
            : inArray(watchHistory.videoId, (body.substanceIds ?? []).map(Number)),
        ),
      );
    forgetViewer(ctx, caller.userId);
    return null;
  });
}
