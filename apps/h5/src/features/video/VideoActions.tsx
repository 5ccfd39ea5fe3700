import { useLingui } from "@lingui/react/macro";
import type { VideoDetail } from "@platform/api-client";
import { shareMethod } from "@platform/domain";
import { Icon, formatPlayCount, useCopy, useToast } from "@platform/ui";
import { useState } from "react";
import { useVideoChanges } from "./mutations";

/** The link people share: this app's /videoview of the video (the server's share URL when given). */
function shareLink(shareUrl: string | undefined, videoId: string): string {
  const fallback = `${window.location.origin}/videoview?id=${encodeURIComponent(videoId)}`;
  if (shareUrl === undefined || shareUrl === "") return fallback;
  try {
    return new URL(shareUrl, window.location.origin).toString();
  } catch {
    return fallback;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

export interface VideoActionsProps {
  readonly video: VideoDetail;
  readonly onOpenComments: () => void;
  readonly onCollect: () => void;
}

/**
 * Like, comments, collect and share under the player. Like and uncollect answer at once (the
 * server's counts replace the cached ones); collect opens the folder chooser; share uses the
 * native sheet on mobile user agents and copies the link elsewhere (spec §9).
 */
export function VideoActions({ video, onOpenComments, onCollect }: VideoActionsProps) {
  const { t, i18n } = useLingui();
  const copy = useCopy();
  const toast = useToast();
  const [pending, setPending] = useState<"like" | "collect" | "share" | null>(null);
  // Each answer goes into the cached video (the hooks).
  const changes = useVideoChanges(video.id);
  const count = (n: number) => formatPlayCount(n, i18n.locale);

  const like = async () => {
    setPending("like");
    try {
      await changes.like();
    } catch {
      // toasted by the API client
    } finally {
      setPending(null);
    }
  };

  const uncollect = async () => {
    setPending("collect");
    try {
      await changes.uncollect();
      toast.show(t`已取消收藏`, { tone: "success" });
    } catch {
      // toasted by the API client
    } finally {
      setPending(null);
    }
  };

  const share = async () => {
    setPending("share");
    let url = shareLink(undefined, video.id);
    try {
      const forwarded = await changes.forward();
      url = shareLink(forwarded.shareUrl, video.id);
    } catch {
      // Counting the share failed (toasted); the link can still be shared.
    }
    setPending(null);
    const canShareNatively = typeof navigator.share === "function";
    if (shareMethod(navigator.userAgent, canShareNatively) === "native") {
      try {
        await navigator.share({ title: video.videoTitle, url });
        return;
      } catch (error) {
        if (isAbort(error)) return;
        // Refused (no gesture left, not allowed): copying still works.
      }
    }
    await copy(url);
  };

  return (
    <div className="h5-video__actions" role="group" aria-label={t`视频操作`}>
      <button
        type="button"
        className="h5-bare-button h5-video__action"
        aria-label={t`点赞`}
        aria-pressed={video.likeFlag}
        aria-busy={pending === "like" || undefined}
        disabled={pending === "like"}
        onClick={() => {
          void like();
        }}
      >
        <Icon name="heart" size={24} />
        <span aria-hidden="true">{video.likeCount > 0 ? count(video.likeCount) : t`点赞`}</span>
      </button>
      <button
        type="button"
        className="h5-bare-button h5-video__action"
        aria-label={t`评论`}
        onClick={onOpenComments}
      >
        <Icon name="comment" size={24} />
        <span aria-hidden="true">{video.commentCount > 0 ? count(video.commentCount) : t`评论`}</span>
      </button>
      <button
        type="button"
        className="h5-bare-button h5-video__action"
        aria-label={t`收藏`}
        aria-pressed={video.collectFlag}
        aria-busy={pending === "collect" || undefined}
        disabled={pending === "collect"}
        onClick={() => {
          if (video.collectFlag) void uncollect();
          else onCollect();
        }}
      >
        <Icon name="star" size={24} />
        <span aria-hidden="true">{video.collectFlag ? t`已收藏` : t`收藏`}</span>
      </button>
      <button
        type="button"
        className="h5-bare-button h5-video__action"
        aria-label={t`分享`}
        aria-busy={pending === "share" || undefined}
        disabled={pending === "share"}
        onClick={() => {
          void share();
        }}
      >
        <Icon name="share" size={24} />
        <span aria-hidden="true">{video.forwardCount > 0 ? count(video.forwardCount) : t`分享`}</span>
      </button>
    </div>
  );
}
