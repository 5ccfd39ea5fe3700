import type { PlatformApi } from "@platform/api-client";
import { VIDEO_PAGE_SIZE, videoPagesQueryOptions } from "../videos/queries";

/** The call of the trend (a narrow slice, so tests can hand in a fake). */
export interface TrendApi {
  readonly substance: Pick<PlatformApi["substance"], "trendList">;
}

export const trendKeys = { list: () => ["trend", "videos"] as const };

/** The pages of the trend: the videos most played in the last week, by page number. */
export function trendQueryOptions(api: TrendApi) {
  return videoPagesQueryOptions(trendKeys.list(), (page, signal) =>
    api.substance.trendList({ current: page.current, size: VIDEO_PAGE_SIZE }, { signal }),
  );
}
