import type { PlatformApi } from "@platform/api-client";
import { VIDEO_PAGE_SIZE, videoPagesQueryOptions } from "../videos/queries";

/** The call of the trend (a narrow slice, so tests can hand in a fake). */
export interface TrendApi {
  readonly substance: Pick<PlatformApi["substance"], "trendList">;
}

export const trendKeys = { list: () => ["trend", "videos"] as const };

/**
 * The pages of the trend: the videos most played in the last week, by page number. Their cards
 * count the plays they are ranked by (the last 7 days'), so the order reads right.
 */
export function trendQueryOptions(api: TrendApi) {
  return videoPagesQueryOptions(trendKeys.list(), async (page, signal) => {
    const answer = await api.substance.trendList(
      { current: page.current, size: VIDEO_PAGE_SIZE },
      { signal },
    );
    return {
      ...answer,
      records: answer.records.map(({ recentPlays, ...video }) => ({ ...video, playCount: recentPlays })),
    };
  });
}
