import { firstPageParam } from "@platform/domain";
import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { profileChanged } from "../../app/session/queries";
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

/** One's own videos changed (posted, saved, deleted): every list of an author's videos is stale. */
export async function myVideosChanged(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: creationKeys.all });
}

/** Asking for one's own videos again (a file finished arriving moves its video on). */
export function useReadMyVideosAgain(): () => void {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: creationKeys.mine() }),
    [queryClient],
  );
}

/** A new background saved: the author's header shows it, and the profile is read again. */
export function backgroundChanged(queryClient: QueryClient, userId: string, bgImgFileUrl: string): void {
  queryClient.setQueryData(creationKeys.author(userId), (author) =>
    author === undefined ? author : { ...author, bgImgFileUrl },
  );
  void profileChanged(queryClient);
}

/**
 * Follow or unfollow the author (spec §4 follow state), the viewer as `userId`; the answer's
 * follow state and fans count replace the header's.
 */
export function useFollowAuthorMutation(
  api: Pick<PlatformApi, "contacts">,
  /** The page's user id (the author query's key). */
  pageUserId: string,
  author: Author | undefined,
  viewerId: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean) => {
      if (author === undefined) throw new Error("the author is not loaded");
      const request = { followUserId: author.userId, userId: viewerId };
      return follow ? api.contacts.follow(request) : api.contacts.unfollow(request);
    },
    onSuccess: (state) => {
      queryClient.setQueryData(creationKeys.author(pageUserId), (current) =>
        current === undefined
          ? current
          : { ...current, hasFollow: state.hasFollow, fansCount: state.fansCount },
      );
    },
  });
}
