import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { videoSearchQuery, videoSearchQueryOptions, videosOfPages } from "./queries";
import { useApi } from "../../app/useApi";

/** The videos matching some words, page by page (each video once), with the query's state. */
export function useVideoSearch(keyword: string) {
  const api = useApi();
  const options = videoSearchQueryOptions(api, videoSearchQuery(keyword));
  const list = useInfiniteQuery(options);
  const videos = useMemo(() => videosOfPages(list.data), [list.data]);
  // A new search starts at the top of its list: the scroll container is keyed by it.
  return { list, videos, key: JSON.stringify(options.queryKey) };
}

export type VideoSearchState = ReturnType<typeof useVideoSearch>;
