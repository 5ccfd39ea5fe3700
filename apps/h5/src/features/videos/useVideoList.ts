import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { videoListQueryOptions, videosOfPages } from "./queries";
import type { VideoListQuery, videoPagesQueryOptions } from "./queries";
import { useApi } from "../../app/useApi";

/** The infinite query of a list of videos (the catalogue's lists, the trend). */
export type VideoPagesOptions = ReturnType<typeof videoPagesQueryOptions>;

/**
 * One video list, page by page: its videos (each once), the query's state, and a refresh that
 * loads the first page again (pull to refresh) and drops the pages after it.
 */
export function useVideoPages(options: VideoPagesOptions) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(options);
  const videos = useMemo(() => videosOfPages(list.data), [list.data]);

  const refreshFirstPage = async () => {
    // React Query refetches every loaded page; a refresh starts over from page 1 instead.
    queryClient.setQueryData(options.queryKey, (data) =>
      data === undefined ? data : { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
    );
    await list.refetch();
  };

  // A new list starts at its top: the scroll container is keyed by it.
  return { list, videos, refreshFirstPage, key: JSON.stringify(options.queryKey) };
}

/** A list of the catalogue (its filters, a classification or a channel). */
export function useVideoList(query: VideoListQuery) {
  const api = useApi();
  return useVideoPages(videoListQueryOptions(api, query));
}

export type VideoListState = ReturnType<typeof useVideoPages>;
