/** One's own watch history (spec §2 /myhistory): searched, paged, deleted. */
import { and, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { videos, watchHistory } from "../../db/schema";
import { forgetViewer } from "../substance/viewer";
import { containing, dateFormatOf, toVideo, videoQuery } from "../substance/videos";
import { intKey, keyset, pageColumns, pageFrom, planPage, timeKey, totalOfFirst } from "../../db/keyset";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

export async function listWatchHistory(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"search.watchHistory">,
): Promise<ResponseOf<"search.watchHistory">> {
  const format = dateFormatOf(request);
  // Most recently watched first (the (user, time, video) index), read from where the last page ended.
  const order = keyset("desc", timeKey(watchHistory.browsedAt), intKey(watchHistory.videoId));
  const plan = planPage(order, body);
  const rows = await videoQuery(ctx, caller.userId, {
    browsedAt: sql<Date>`${watchHistory.browsedAt}`.mapWith(watchHistory.browsedAt),
    ...pageColumns(plan),
  })
    .where(
      and(
        eq(watchHistory.userId, caller.userId),
        isNull(videos.deletedAt),
        body.keyword === "" ? undefined : ilike(videos.title, containing(body.keyword)),
        plan.after,
      ),
    )
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return pageFrom(
    order,
    body,
    rows,
    (shown) => shown.map((r) => ({ ...toVideo(ctx, r, format), browseTime: format(r.browsedAt) })),
    totalOfFirst,
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
