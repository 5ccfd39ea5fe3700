import type { AnyCommentData, CommentData } from "@platform/ui";
import type { Comment, FavoriteFolder, VideoDetail } from "@platform/api-client";
import { useQueryClient } from "@tanstack/react-query";
import type { InfiniteData } from "@tanstack/react-query";
import { useEffect } from "react";
import { walletChanged } from "../../app/session/queries";
import { useApi } from "../../app/useApi";
import { commentsQueryOptions, videoInfoQueryOptions, videoKeys } from "./queries";
import type { CommentPage } from "./queries";

// What the watch screen changes on the server, with the cache work each change needs. Apart from
// queries.ts, whose keys and read options the route's loader imports (and so every page's first
// load carries): these load with the screen. Each change is an async function that rejects when
// the call failed (the api client has toasted it), not a useMutation hook: the screen's buttons
// keep their own pending state, and the watch screen's first load stays within its budget
// (docs/decisions/0029).

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

/** Where a video is collected: a folder of one's own, a folder made now by its name, or none. */
export type CollectTarget =
  | { readonly kind: "folder"; readonly folder: FavoriteFolder }
  | { readonly kind: "new"; readonly name: string }
  | { readonly kind: "none" };

/** The changes of one video; each answer goes into the cached video. */
export function useVideoChanges(videoId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const patch = usePatchVideo(videoId);
  const substanceId = videoId;
  /** The folders (their counts) are read again, not waited for. */
  const foldersChanged = () => void queryClient.invalidateQueries({ queryKey: videoKeys.folders() });
  return {
    /** Like (or unlike): the server's flag and count replace the cached ones. */
    like: async () => {
      const { likeFlag, likeCount } = await api.substance.doLike({ substanceId });
      patch({ likeFlag, likeCount });
    },
    /** A share counted: the server's count replaces the cached one; the answer holds the link. */
    forward: async () => {
      const forwarded = await api.substance.doForward({ substanceId });
      patch({ forwardCount: forwarded.forwardCount });
      return forwarded;
    },
    /** Following the author, or no longer, as the signed-in person `userId`. */
    follow: async (follow: boolean, body: { readonly followUserId: string; readonly userId: string }) => {
      const state = follow ? await api.contacts.follow(body) : await api.contacts.unfollow(body);
      patch({ hasFollow: state.hasFollow });
    },
    /**
     * Collecting the video: the answer is the folder it went into (null for none). A folder made
     * for it that then failed to take it still shows in the list.
     */
    collect: async (target: CollectTarget): Promise<FavoriteFolder | null> => {
      let folder: FavoriteFolder | null = null;
      try {
        if (target.kind === "none") await api.substance.collect({ substanceId });
        else {
          folder =
            target.kind === "folder"
              ? target.folder
              : await api.substance.createFavorite({ name: target.name });
          await api.substance.bindCollect({ favoriteId: folder.id, substanceIds: [substanceId] });
        }
      } catch (error) {
        if (target.kind === "new") foldersChanged();
        throw error;
      }
      patch({ collectFlag: true });
      foldersChanged();
      return folder;
    },
    /** No longer collected. */
    uncollect: async () => {
      await api.substance.cancelCollect({ substanceId });
      patch({ collectFlag: false });
      foldersChanged();
    },
    /**
     * Buying the video with gold: after `bought` its rights are fetched again (the preview limit
     * goes; a failure leaves the old ones), and the balances are read again (not waited for).
     */
    buy: async (bought: () => void) => {
      await api.substance.buyVideo({ payType: "GOLD", substanceId });
      bought();
      await queryClient
        .query({ ...videoInfoQueryOptions(api, videoId), staleTime: 0 })
        .catch(() => undefined);
      void walletChanged(queryClient);
    },
  };
}

/**
 * The comments of one opening of the panel (`sessionId`): writing, deleting and liking one, with
 * the video's comment count and the loaded pages following the server.
 */
export function useCommentChanges(videoId: string, sessionId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const patchVideo = usePatchVideo(videoId);
  const queryKey = commentsQueryOptions(api, videoId, sessionId).queryKey;
  const setCommentCount = (change: (n: number) => number) => {
    patchVideo((previous) => ({ commentCount: Math.max(0, change(previous.commentCount)) }));
  };
  return {
    send: async (content: string, replyTo?: AnyCommentData) => {
      await api.substance.doComment({
        commentContent: content,
        substanceId: videoId,
        ...(replyTo === undefined ? {} : { replyCommentId: String(replyTo.id) }),
      });
      setCommentCount((n) => n + 1);
    },
    remove: async (comment: AnyCommentData) => {
      await api.substance.deleteComment({ commentId: String(comment.id) });
      const replyCount = "childCount" in comment ? (comment.childCount ?? 0) : 0;
      setCommentCount((n) => n - 1 - replyCount);
    },
    like: async (comment: CommentData) => {
      const state = await api.substance.likeComment({ commentId: String(comment.id) });
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
