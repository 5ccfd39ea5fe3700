import type { AnyCommentData, CommentData } from "@platform/ui";
import type { Comment, FavoriteFolder, VideoDetail } from "@platform/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InfiniteData } from "@tanstack/react-query";
import { useEffect } from "react";
import { failed, succeeded } from "../../app/mutation-events";
import type { MutationEvents } from "../../app/mutation-events";
import { walletChanged } from "../../app/session/queries";
import { useApi } from "../../app/useApi";
import { commentsQueryOptions, videoInfoQueryOptions, videoKeys } from "./queries";
import type { CommentPage } from "./queries";

// What the watch screen changes on the server, with the cache work each change needs. Apart from
// queries.ts, whose keys and read options the route's loader imports (and so every page's first
// load carries): these load with the screen.

type VideoChange = Partial<VideoDetail> | ((video: VideoDetail) => Partial<VideoDetail>);

/**
 * Writes what a call answered (like, collect, follow, comment counts) into the cached video, so
 * the screen shows the server's state without asking again. A function change reads the cached one.
 */
export function usePatchVideo(videoId: string): (change: VideoChange) => void {
  const queryClient = useQueryClient();
  return (change) => {
    queryClient.setQueryData<VideoDetail>(videoKeys.info(videoId), (previous) =>
      previous === undefined
        ? previous
        : { ...previous, ...(typeof change === "function" ? change(previous) : change) },
    );
  };
}

/** The next opening of the video asks the server again (rights, resume position): nothing stays. */
export function useForgetVideoOnLeave(videoId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      queryClient.removeQueries({ queryKey: videoKeys.info(videoId), exact: true });
    },
    [queryClient, videoId],
  );
}

/** Like (or unlike): the server's flag and count replace the cached ones. */
export function useLikeVideoMutation(videoId: string) {
  const api = useApi();
  const patch = usePatchVideo(videoId);
  return useMutation({
    mutationFn: () => api.substance.doLike({ substanceId: videoId }),
    onSuccess: (state) => {
      patch({ likeFlag: state.likeFlag, likeCount: state.likeCount });
    },
  });
}

/** A share counted: the server's count replaces the cached one (the answer holds the link). */
export function useForwardVideoMutation(videoId: string) {
  const api = useApi();
  const patch = usePatchVideo(videoId);
  return useMutation({
    mutationFn: () => api.substance.doForward({ substanceId: videoId }),
    onSuccess: (forwarded) => {
      patch({ forwardCount: forwarded.forwardCount });
    },
  });
}

/** Following the author, or no longer: the cached video takes the server's follow state. */
export function useFollowAuthorMutation(videoId: string) {
  const api = useApi();
  const patch = usePatchVideo(videoId);
  return useMutation({
    mutationFn: ({ follow, ...body }: { follow: boolean; followUserId: string; userId: string }) =>
      follow ? api.contacts.follow(body) : api.contacts.unfollow(body),
    onSuccess: (state) => {
      patch({ hasFollow: state.hasFollow });
    },
  });
}

/** Where a video is collected: a folder of one's own, a folder made now by its name, or none. */
export type CollectTarget =
  | { readonly kind: "folder"; readonly folder: FavoriteFolder }
  | { readonly kind: "new"; readonly name: string }
  | { readonly kind: "none" };

/**
 * Collecting the video: the answer is the folder it went into (null for none). The cached video
 * shows it collected and the folders (their counts) are read again; a folder made for it that
 * then failed to take it still shows in the list (read again).
 */
export function useCollectVideoMutation(videoId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const patch = usePatchVideo(videoId);
  const foldersChanged = () => void queryClient.invalidateQueries({ queryKey: videoKeys.folders() });
  return useMutation({
    mutationFn: async (target: CollectTarget): Promise<FavoriteFolder | null> => {
      const substanceIds = [videoId];
      switch (target.kind) {
        case "none":
          await api.substance.collect({ substanceId: videoId });
          return null;
        case "folder":
          await api.substance.bindCollect({ favoriteId: target.folder.id, substanceIds });
          return target.folder;
        case "new": {
          const folder = await api.substance.createFavorite({ name: target.name });
          await api.substance.bindCollect({ favoriteId: folder.id, substanceIds });
          return folder;
        }
      }
    },
    onSuccess: () => {
      patch({ collectFlag: true });
      foldersChanged();
    },
    onError: (_error, target) => {
      if (target.kind === "new") foldersChanged();
    },
  });
}

/** No longer collected: the cached video says so and the folders are read again (not waited for). */
export function useUncollectVideoMutation(videoId: string, on: MutationEvents<unknown> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const patch = usePatchVideo(videoId);
  return useMutation({
    mutationFn: () => api.substance.cancelCollect({ substanceId: videoId }),
    onSuccess: async (answer) => {
      patch({ collectFlag: false });
      await succeeded(on, answer, undefined, async () => {
        void queryClient.invalidateQueries({ queryKey: videoKeys.folders() });
      });
    },
    onError: (error) => failed(on, error, undefined),
  });
}

/**
 * Buying the video with gold: after `on.onSuccess` its rights are fetched again (the preview limit
 * goes; a failure leaves the old ones) and the balances are read again (not waited for); then
 * `on.onRefreshed` plays on.
 */
export function useBuyVideoMutation(videoId: string, on: MutationEvents<unknown> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.substance.buyVideo({ payType: "GOLD", substanceId: videoId }),
    onSuccess: (answer) =>
      succeeded(on, answer, undefined, async () => {
        await queryClient
          .query({ ...videoInfoQueryOptions(api, videoId), staleTime: 0 })
          .catch(() => undefined);
        void walletChanged(queryClient);
      }),
    onError: (error) => failed(on, error, undefined),
  });
}

/**
 * The comments of one opening of the panel (`sessionId`): writing, deleting and liking one, with
 * the video's comment count and the loaded pages following the server.
 */
export function useCommentMutations(videoId: string, sessionId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const patchVideo = usePatchVideo(videoId);
  const queryKey = commentsQueryOptions(api, videoId, sessionId).queryKey;
  const setCommentCount = (change: (n: number) => number) => {
    patchVideo((previous) => ({ commentCount: Math.max(0, change(previous.commentCount)) }));
  };
  const send = useMutation({
    mutationFn: ({ content, replyTo }: { content: string; replyTo?: AnyCommentData }) =>
      api.substance.doComment({
        commentContent: content,
        substanceId: videoId,
        ...(replyTo === undefined ? {} : { replyCommentId: String(replyTo.id) }),
      }),
    onSuccess: () => {
      setCommentCount((n) => n + 1);
    },
  });
  const remove = useMutation({
    mutationFn: (comment: AnyCommentData) => api.substance.deleteComment({ commentId: String(comment.id) }),
    onSuccess: (_answer, comment) => {
      const replyCount = "childCount" in comment ? (comment.childCount ?? 0) : 0;
      setCommentCount((n) => n - 1 - replyCount);
    },
  });
  const like = useMutation({
    mutationFn: (comment: CommentData) => api.substance.likeComment({ commentId: String(comment.id) }),
    onSuccess: (state, comment) => {
      queryClient.setQueryData<InfiniteData<CommentPage, number>>(queryKey, (data) =>
        data === undefined
          ? data
          : {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                records: page.records.map((c: Comment) =>
                  c.id === String(comment.id) ? { ...c, ...state } : c,
                ),
              })),
            },
      );
    },
  });
  return {
    send,
    remove,
    like,
    /** Back to page 1: the pages after it are dropped (the screen then asks for page 1 again). */
    keepFirstPage: () => {
      queryClient.setQueryData<InfiniteData<CommentPage, number>>(queryKey, (data) =>
        data === undefined
          ? data
          : { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
      );
    },
  };
}
