/** One's own watch history (spec §2 /myhistory): searched, paged, deleted. */
import { and, desc, eq, ilike, inArray, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { videos, watchHistory } from "../../db/schema";
import { forgetViewer } from "../substance/viewer";
import { containing, dateFormatOf, pageOf, toVideo, totalOver, videoQuery } from "../substance/videos";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

export async function listWatchHistory(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"search.watchHistory">,
): Promise<ResponseOf<"search.watchHistory">> {
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
}

export async function deleteWatchHistory(
  ctx: AppContext,
  { body, caller }: SignedInInput<"search.deleteWatchHistory">,
): Promise<ResponseOf<"search.deleteWatchHistory">> {
  await ctx.db
    .delete(watchHistory)
    .where(
      and(
        eq(watchHistory.userId, caller.userId),
        body.all === true ? undefined : inArray(watchHistory.videoId, (body.substanceIds ?? []).map(Number)),
      ),
    );
  forgetViewer(ctx, caller.userId);
  return null;
}
