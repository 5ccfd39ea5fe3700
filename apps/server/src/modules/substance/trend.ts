/**
 * The 'trend' tab (Step 16): the videos most played lately. A counted play (`doPlay`, once per
 * viewer and video per window, as `playCount`) adds one to the video's row of the day in
 * `video_daily_plays`; the list ranks published videos by the sum of the last TREND_DAYS days.
 */
import type { ResponseOf } from "@platform/api-client";
import { desc, eq, gte, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { totalOver } from "../../db/keyset";
import { videoDailyPlays, videos } from "../../db/schema";
import type { RouteInput } from "../../http/route";
import { isPublished } from "./access";
import { cataloguePage } from "./lists";
import { toVideo, videoQuery } from "./videos";

/** How many days of plays make "lately". */
export const TREND_DAYS = 7;
/** How far the ranking goes: the first hundred, as charts do. */
export const TREND_MAX = 100;

const DAY_MS = 86_400_000;

/** The UTC day of `at` (plus `days`) as the date column keeps it, 'YYYY-MM-DD'. */
export function utcDay(at: Date, days = 0): string {
  return new Date(at.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

// Public like the catalogue's list: only the screen asks for a signed-in viewer.
export async function trendList(
  ctx: AppContext,
  { body, caller, request }: RouteInput<"substance.trendList">,
): Promise<ResponseOf<"substance.trendList">> {
  const offset = (body.current - 1) * body.size;
  const limit = Math.min(body.size, TREND_MAX - offset);
  const page = { records: [], total: 0, current: body.current, size: body.size };
  if (limit <= 0) return page;
  const since = utcDay(ctx.now(), -(TREND_DAYS - 1));
  return cataloguePage(
    ctx,
    `trend|${since}|${JSON.stringify(body)}`,
    caller?.userId ?? null,
    request,
    async (format) => {
      const recent = ctx.db
        .select({
          videoId: videoDailyPlays.videoId,
          plays: sql<number>`sum(${videoDailyPlays.plays})`.as("recent_plays"),
        })
        .from(videoDailyPlays)
        .where(gte(videoDailyPlays.day, since))
        .groupBy(videoDailyPlays.videoId)
        .as("recent");
      const rows = await videoQuery(ctx, null, {
        total: totalOver(),
        recentPlays: sql<string>`${recent.plays}`,
      })
        .innerJoin(recent, eq(recent.videoId, videos.id))
        .where(isPublished)
        .orderBy(desc(recent.plays), desc(videos.id))
        .limit(limit)
        .offset(offset);
      return {
        ...page,
        records: rows.map((row) => ({ ...toVideo(ctx, row, format), recentPlays: Number(row.recentPlays) })),
        total: Math.min(rows[0]?.total ?? 0, TREND_MAX),
      };
    },
  );
}
