import type { PlatformApi, RequestOf, ResponseOf, Video } from "@platform/api-client";
import { defaultVideoListFilters, firstPageParam, limits, nextPageParam } from "@platform/domain";
import type { PageParam, VideoListFilters } from "@platform/domain";
import { infiniteQueryOptions } from "@tanstack/react-query";
import type { InfiniteData } from "@tanstack/react-query";

/** The call of the video lists (a narrow slice, so tests can hand in a fake). */
export interface VideoListApi {
  readonly substance: Pick<PlatformApi["substance"], "getVideoList">;
}

export type VideoPage = ResponseOf<"substance.getVideoList">;

/** One list of videos: the filters and what it is limited to (a classification, a channel). */
export interface VideoListQuery extends VideoListFilters {
  readonly classifyId: string | null;
  readonly channelTagId: string | null;
}

/** Page size of the video lists (spec §9: another page exists only while the last one was full). */
export const VIDEO_PAGE_SIZE = limits.pageSize;

/**
 * The lists' cache keys. Their root is still "home", where the lists began: /home and the channel
 * pages share them, and /home's own keys (`homeKeys`) sit beside them under the same root.
 */
export const videoListKeys = {
  lists: () => ["home", "videos"] as const,
  list: (query: VideoListQuery) => [...videoListKeys.lists(), query] as const,
};

/** The request of one page of a list (empty limits left out, as the server reads them). */
export function videoListRequest(
  query: VideoListQuery,
  page: PageParam,
): RequestOf<"substance.getVideoList"> {
  return {
    ...page,
    size: VIDEO_PAGE_SIZE,
    price: query.price,
    sort: query.sort,
    duration: query.duration,
    tag: query.tag,
    ...(query.classifyId === null ? {} : { classifyId: query.classifyId }),
    ...(query.channelTagId === null ? {} : { channelTagId: query.channelTagId }),
  };
}

/**
 * The page after these (domain `nextPageParam`): from the last page's cursor, where the server
 * reads on by keyset (decision 0016); `undefined` tells React Query there is none.
 */
export function nextVideoPageParam(
  lastPage: VideoPage,
  allPages: readonly VideoPage[],
): PageParam | undefined {
  return nextPageParam(lastPage, allPages.length, VIDEO_PAGE_SIZE);
}

/** The videos of the loaded pages in order, each once (a page may repeat one when the list moved). */
export function videosOfPages<V extends { readonly id: string } = Video>(
  data: InfiniteData<{ readonly records: readonly V[] }> | undefined,
): V[] {
  if (data === undefined) return [];
  const seen = new Set<string>();
  const videos: V[] = [];
  for (const page of data.pages) {
    for (const video of page.records) {
      if (seen.has(video.id)) continue;
      seen.add(video.id);
      videos.push(video);
    }
  }
  return videos;
}

/**
 * The pages of a video list. React Query's `signal` goes to the call, so a list nobody watches any
 * more is aborted; the api-client also aborts an earlier first page when a new one starts.
 */
export function videoListQueryOptions(api: VideoListApi, query: VideoListQuery) {
  return videoPagesQueryOptions(videoListKeys.list(query), (page, signal) =>
    api.substance.getVideoList(videoListRequest(query, page), { signal }),
  );
}

/** The pages of any list of videos (the catalogue's, the trend's): under `queryKey`, from `fetchPage`. */
export function videoPagesQueryOptions(
  queryKey: readonly unknown[],
  fetchPage: (page: PageParam, signal: AbortSignal) => Promise<VideoPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: firstPageParam,
    getNextPageParam: nextVideoPageParam,
  });
}

/**
 * The list of a channel page (/d/{channelTagId}): that channel's videos, unfiltered. Here rather
 * than in features/channel, so the route's loader starts the list without the page's own code, and
 * without one more chunk on every page.
 */
export function channelVideoQuery(channelTagId: string): VideoListQuery {
  return { ...defaultVideoListFilters, classifyId: null, channelTagId };
}
