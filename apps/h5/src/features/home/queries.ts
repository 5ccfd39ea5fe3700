import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { limits } from "@platform/domain";
import type { VideoListFilters } from "@platform/domain";
import { queryOptions } from "@tanstack/react-query";
import { videoListKeys } from "../videos/queries";
import type { VideoListQuery } from "../videos/queries";

/** The call of the classification tabs (a narrow slice, so tests can hand in a fake). */
export interface ClassificationsApi {
  readonly substance: Pick<PlatformApi["substance"], "classifyList">;
}

export type Classification = ResponseOf<"substance.classifyList">[number];

/** The list of /home: the chosen filters and classification, every channel. */
export function homeVideoQuery(
  filters: VideoListFilters & { readonly classifyId: string | null },
): VideoListQuery {
  return {
    price: filters.price,
    sort: filters.sort,
    duration: filters.duration,
    tag: filters.tag,
    classifyId: filters.classifyId,
    channelTagId: null,
  };
}

/** How many classifications the tab row asks for (the server's page data asks the same). */
export const CLASSIFICATION_LIMIT = limits.homeClassifications;
/** Classifications change rarely: keep them for a few minutes. */
const CLASSIFICATIONS_STALE_MS = 5 * 60_000;

/** /home's keys: its classifications, and the video lists (features/videos) under the same root. */
export const homeKeys = {
  all: ["home"] as const,
  classifications: () => [...homeKeys.all, "classifications"] as const,
  videoLists: videoListKeys.lists,
  videoList: videoListKeys.list,
};

export function classificationsQueryOptions(api: ClassificationsApi) {
  return queryOptions({
    queryKey: homeKeys.classifications(),
    queryFn: ({ signal }) => api.substance.classifyList({ limit: CLASSIFICATION_LIMIT }, { signal }),
    staleTime: CLASSIFICATIONS_STALE_MS,
  });
}
