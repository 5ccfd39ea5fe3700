import type { Comment, PlatformApi, ResponseOf } from "@platform/api-client";
import { firstPageParam, limits, nextPageParam } from "@platform/domain";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { InfiniteData } from "@tanstack/react-query";

/** Query keys of the video screen; the comment list is one per opening of the panel (`sessionId`). */
export const videoKeys = {
  all: ["video"] as const,
  info: (id: string) => [...videoKeys.all, "info", id] as const,
  recommendations: (id: string) => [...videoKeys.all, "recommendations", id] as const,
  comments: (id: string, sessionId: string) => [...videoKeys.all, "comments", id, sessionId] as const,
  folders: () => ["favorites", "folders"] as const,
};

/** How many recommendations show below the video. */
export const RECOMMENDATION_COUNT = 10;

/**
 * One video with this viewer's rights and resume position. Fetched on each opening (the loader
 * starts it; the screen drops it when it closes), and kept a few seconds so the screen mounting
 * just after the loader does not ask again. A purchase refetches it at once.
 */
export function videoInfoQueryOptions(api: PlatformApi, id: string) {
  return queryOptions({
    queryKey: videoKeys.info(id),
    // Quiet: the screen says what went wrong (a deleted video's sentence once, not in a toast too).
    queryFn: ({ signal }) => api.substance.getInfoById({ id }, { signal, quiet: true }),
    staleTime: 10_000,
  });
}

export function recommendationsQueryOptions(api: PlatformApi, id: string) {
  return queryOptions({
    queryKey: videoKeys.recommendations(id),
    queryFn: ({ signal }) =>
      api.substance.recommendByVideoId({ videoId: id, size: RECOMMENDATION_COUNT }, { signal }),
    staleTime: 60_000,
  });
}

export type CommentPage = ResponseOf<"substance.commentList">;

/** The comments of a video, newest first, 10 a page with 2 replies each (spec §7, §9). */
export function commentsQueryOptions(api: PlatformApi, substanceId: string, sessionId: string) {
  return infiniteQueryOptions({
    queryKey: videoKeys.comments(substanceId, sessionId),
    queryFn: ({ pageParam, signal }) =>
      api.substance.commentList(
        {
          substanceId,
          sessionId,
          ...pageParam,
          size: limits.commentPageSize,
          childSize: limits.commentRepliesShown,
          sortRule: 0,
        },
        { signal },
      ),
    initialPageParam: firstPageParam,
    getNextPageParam: (last: CommentPage, all: readonly CommentPage[]) =>
      nextPageParam(last, all.length, limits.commentPageSize),
    staleTime: 0,
  });
}

/** The comments of the loaded pages in order, each once (a new comment may shift a page). */
export function commentsOfPages(data: InfiniteData<CommentPage> | undefined): Comment[] {
  const seen = new Set<string>();
  const out: Comment[] = [];
  for (const page of data?.pages ?? []) {
    for (const comment of page.records) {
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      out.push(comment);
    }
  }
  return out;
}

/** The signed-in user's favourites folders. */
export function foldersQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: videoKeys.folders(),
    queryFn: ({ signal }) => api.substance.getFavorite({}, { signal }),
    staleTime: 0,
  });
}
