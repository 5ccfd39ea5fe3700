import { firstPageParam } from "@platform/domain";
import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { VIDEO_PAGE_SIZE, nextVideoPageParam } from "../videos/queries";

/** The calls of the author's page (a narrow slice, so tests can hand in a fake). */
export interface CreationApi {
  readonly substance: Pick<PlatformApi["substance"], "authorInfo" | "browseMyVideo" | "getMyVideoList">;
}

export type Author = ResponseOf<"substance.authorInfo">;

export const creationKeys = {
  all: ["creation"] as const,
  author: (userId: string) => [...creationKeys.all, "author", userId] as const,
  videos: (userId: string) => [...creationKeys.all, "videos", userId] as const,
  /** The signed-in person's own videos, every status (their own page, the video editor). */
  mine: () => [...creationKeys.all, "mine"] as const,
};

/** The author's header: names, pictures, counts, and whether the viewer follows them or is them. */
export function authorQueryOptions(api: CreationApi, userId: string) {
  return queryOptions({
    queryKey: creationKeys.author(userId),
    queryFn: ({ signal }) => api.substance.authorInfo({ userId }, { signal }),
  });
}

/** The author's published videos, newest first, page by page (the home list's paging rule). */
export function authorVideosQueryOptions(api: CreationApi, userId: string) {
  return infiniteQueryOptions({
    queryKey: creationKeys.videos(userId),
    queryFn: ({ pageParam, signal }) =>
      api.substance.browseMyVideo({ userId, ...pageParam, size: VIDEO_PAGE_SIZE }, { signal }),
    initialPageParam: firstPageParam,
    getNextPageParam: nextVideoPageParam,
  });
}

/**
 * The viewer's own videos, every status (uploading, processing, in review, refused, published),
 * newest first, each with what only its author sees (`owner`): their own page lists these.
 */
export function myVideosQueryOptions(api: CreationApi) {
  return infiniteQueryOptions({
    queryKey: creationKeys.mine(),
    queryFn: ({ pageParam, signal }) =>
      api.substance.getMyVideoList({ ...pageParam, size: VIDEO_PAGE_SIZE }, { signal }),
    initialPageParam: firstPageParam,
    getNextPageParam: nextVideoPageParam,
  });
}
