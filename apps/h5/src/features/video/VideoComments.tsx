import { useLingui } from "@lingui/react/macro";
import type { PlatformApi, VideoDetail } from "@platform/api-client";
import { StorageKey, limits } from "@platform/domain";
import { productMessages } from "@platform/i18n";
import { CommentPanel, useToast } from "@platform/ui";
import type { AnyCommentData, CommentData, CommentReplyData } from "@platform/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { memberBenefitsQueryOptions } from "../../app/session/queries";
import { useErrorText } from "../../components/useErrorText";
import { commentsOfPages, commentsQueryOptions } from "./queries";
import { useCommentChanges } from "./mutations";

/** An opaque id for one opening of the panel (spec §7 `sessionId`). */
function newSessionId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Page size when loading all the replies of one comment ('more replies'). */
const REPLY_PAGE_SIZE = 50;

export interface VideoCommentsProps {
  readonly api: PlatformApi;
  readonly video: VideoDetail;
  readonly open: boolean;
  readonly onClose: () => void;
  /** Focusing the input without the comment privilege: the super-membership dialog. */
  readonly onRequireMembership: () => void;
  /** Report another person's comment (the report flow). */
  readonly onReport: (comment: AnyCommentData) => void;
}

/**
 * The comment panel of a video (spec §2, §4): pages of 10 newest first with 2 replies each, more
 * replies on demand, like, copy, report others' comments, delete one's own (the list reloads), and
 * sending (with the privilege of the member benefits) reloads page 1 and scrolls to the top.
 */
export function VideoComments({
  api,
  video,
  open,
  onClose,
  onRequireMembership,
  onReport,
}: VideoCommentsProps) {
  const { i18n } = useLingui();
  const describeError = useErrorText();
  const toast = useToast();
  const [sessionId, setSessionId] = useState(newSessionId);
  const [scrollKey, setScrollKey] = useState(0);
  const [replies, setReplies] = useState<ReadonlyMap<string, readonly CommentReplyData[]>>(new Map());
  const [repliesLoading, setRepliesLoading] = useState<ReadonlySet<string>>(new Set());
  const viewerId = api.client.userInfo?.id == null ? null : String(api.client.userInfo.id);

  const options = commentsQueryOptions(api, video.id, sessionId);
  const list = useInfiniteQuery({ ...options, enabled: open });
  // Loaded with the screen, so the privilege is known by the time someone taps the input.
  const benefits = useQuery({
    ...memberBenefitsQueryOptions(api, viewerId ?? ""),
    enabled: viewerId !== null,
  });
  const requireMembership = () => {
    if (benefits.data !== undefined) {
      onRequireMembership();
      return;
    }
    // No answer to show (signed out, or the load failed): ask again, and the dialog only on a 'no'.
    void benefits.refetch().then((result) => {
      if (result.data?.isCommentEnabled !== true) onRequireMembership();
    });
  };

  const comments = useMemo<CommentData[]>(
    () =>
      commentsOfPages(list.data).map((c) => {
        const all = replies.get(c.id);
        return all === undefined ? c : { ...c, childList: all };
      }),
    [list.data, replies],
  );

  // The video's comment count and the loaded pages follow each answer (the hook).
  const changes = useCommentChanges(video.id, sessionId);

  /** Back to page 1 (the pages after it are dropped), the replies loaded so far too. */
  const reloadFirstPage = async () => {
    setReplies(new Map());
    changes.keepFirstPage();
    await list.refetch();
  };

  const send = async (content: string, replyTo?: AnyCommentData): Promise<boolean> => {
    try {
      await changes.send(content, replyTo);
    } catch {
      return false; // toasted by the API client; the text stays in the box
    }
    await reloadFirstPage();
    setScrollKey((k) => k + 1);
    return true;
  };

  const remove = async (comment: AnyCommentData) => {
    try {
      await changes.remove(comment);
    } catch {
      return; // toasted by the API client
    }
    toast.show(i18n._(productMessages.deleteSuccess), { tone: "success" });
    await reloadFirstPage();
  };

  const like = async (comment: CommentData) => {
    try {
      await changes.like(comment);
    } catch {
      // toasted by the API client
    }
  };

  const loadReplies = async (root: CommentData) => {
    const rootId = String(root.id);
    setRepliesLoading((s) => new Set(s).add(rootId));
    try {
      const all: CommentReplyData[] = [];
      for (let current = 1; ; current += 1) {
        const page = await api.substance.commentList({
          substanceId: video.id,
          sessionId,
          rootCommentId: rootId,
          current,
          size: REPLY_PAGE_SIZE,
          childSize: limits.commentRepliesShown,
          sortRule: 0,
        });
        all.push(...page.records);
        if (page.records.length < REPLY_PAGE_SIZE) break;
      }
      setReplies((m) => new Map(m).set(rootId, all));
    } catch {
      // toasted by the API client; 'more replies' stays to try again
    } finally {
      setRepliesLoading((s) => {
        const next = new Set(s);
        next.delete(rootId);
        return next;
      });
    }
  };

  const failure = list.isFetchNextPageError || (list.isError && list.data === undefined);
  const errorText = describeError(list.error);

  return (
    <CommentPanel
      open={open}
      onClose={() => {
        onClose();
        // The next opening is a new session: fresh pages from the top.
        setReplies(new Map());
        setSessionId(newSessionId());
      }}
      comments={comments}
      total={video.commentCount}
      loading={list.isFetching}
      hasMore={list.hasNextPage}
      onLoadMore={() => {
        void list.fetchNextPage();
      }}
      error={failure ? errorText : undefined}
      onRetry={() => {
        if (list.data === undefined) void list.refetch();
        else void list.fetchNextPage();
      }}
      viewerId={viewerId}
      canComment={
        // Unknown while it loads for a signed-in viewer (a tap then is kept: CommentPanel).
        viewerId !== null && benefits.isPending ? null : benefits.data?.isCommentEnabled === true
      }
      onRequireMembership={requireMembership}
      onSend={send}
      scrollToTopKey={scrollKey}
      onReport={onReport}
      onDelete={(comment) => {
        void remove(comment);
      }}
      onLike={(comment) => {
        void like(comment);
      }}
      onLoadReplies={(root) => {
        void loadReplies(root);
      }}
      repliesLoading={repliesLoading}
      defaultAvatar={api.client.storage.get(StorageKey.logo) ?? undefined}
    />
  );
}
