import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useMemo } from "react";
import { videoListQueryOptions, videosOfPages } from "./queries";
import type { VideoListQuery } from "./queries";

/**
 * One video list, page by page: its videos (each once), the query's state, and a refresh that
 * loads the first page again (pull to refresh) and drops the pages after it.
 */
export function useVideoList(query: VideoListQuery) {
  const { api } = useRouter().options.context;
  const queryClient = useQueryClient();
  const options = videoListQueryOptions(api, query);
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

export type VideoListState = ReturnType<typeof useVideoList>;
