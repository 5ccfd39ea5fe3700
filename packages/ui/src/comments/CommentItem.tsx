import { Trans, useLingui } from "@lingui/react/macro";
import { limits, relativeTimeOf } from "@platform/domain";
import { useState } from "react";
import { useMessageText } from "../i18n";
import { Icon } from "../icons/Icon";
import { IconButton } from "../primitives/IconButton";
import { Spinner } from "../primitives/Skeleton";
import type { AnyCommentData, CommentData, CommentReplyData } from "./types";

/** An avatar picture; the first letter of the name when there is none or it fails to load. */
export function CommentAvatar({
  src,
  name,
  fallback,
}: {
  readonly src?: string | null;
  readonly name: string;
  readonly fallback?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src != null && src !== "" && failed !== src ? src : fallback;
  if (url !== undefined && url !== "" && failed !== url) {
    return (
      <img
        className="pf-comment__avatar"
        src={url}
        alt=""
        loading="lazy"
        onError={() => {
          setFailed(url);
        }}
      />
    );
  }
  return (
    <span className="pf-comment__avatar pf-comment__avatar--letter" aria-hidden="true">
      {Array.from(name.trim())[0] ?? ""}
    </span>
  );
}

export interface CommentItemProps {
  readonly comment: CommentData;
  readonly now: number | Date;
  readonly defaultAvatar?: string;
  /** Replies shown even beyond the first two (after 'more replies'). */
  readonly expanded: boolean;
  readonly repliesLoading: boolean;
  readonly onActions: (target: AnyCommentData) => void;
  readonly onReply: (target: CommentData) => void;
  readonly onLike?: (target: CommentData) => void;
  readonly onMoreReplies: (root: CommentData) => void;
}

function Reply({
  reply,
  onActions,
}: {
  readonly reply: CommentReplyData;
  readonly onActions: (target: AnyCommentData) => void;
}) {
  const name = reply.commentUserName;
  const to = reply.replyCommentUserName ?? "";
  const content = reply.commentContent;
  return (
    <li>
      <button
        type="button"
        className="pf-bare-button pf-comment__reply"
        aria-haspopup="dialog"
        onClick={() => {
          onActions(reply);
        }}
      >
        {to === "" ? (
          <Trans>
            <b className="pf-comment__reply-name">{name}</b>：{content}
          </Trans>
        ) : (
          <Trans>
            <b className="pf-comment__reply-name">{name}</b> 回复{" "}
            <b className="pf-comment__reply-name">{to}</b>：{content}
          </Trans>
        )}
      </button>
    </li>
  );
}

/** One comment: avatar, name, content, time, like, reply, and its replies (2 until 'more'). */
export function CommentItem({
  comment,
  now,
  defaultAvatar,
  expanded,
  repliesLoading,
  onActions,
  onReply,
  onLike,
  onMoreReplies,
}: CommentItemProps) {
  const { t } = useLingui();
  const text = useMessageText();
  const name = comment.commentUserName;
  const replyName = name;
  const when = relativeTimeOf(comment.createTime, now);
  const replies = comment.childList ?? [];
  const shown = expanded ? replies : replies.slice(0, limits.commentRepliesShown);
  const replyTotal = Math.max(comment.childCount ?? 0, replies.length);
  const remaining = replyTotal - shown.length;
  const likes = comment.likeCount ?? 0;
  const liked = comment.likeFlag === true;

  return (
    <li className="pf-comment">
      <CommentAvatar src={comment.commentUserAvatar} name={name} fallback={defaultAvatar} />
      <div className="pf-comment__main">
        <div className="pf-comment__head">
          <span className="pf-comment__name">{name}</span>
          <IconButton
            icon="more"
            className="pf-comment__more"
            label={t`评论操作`}
            aria-haspopup="dialog"
            onClick={() => {
              onActions(comment);
            }}
          />
        </div>
        {/* Tapping the text opens the actions too (the '…' button is the keyboard way). */}
        <p
          className="pf-comment__content"
          onClick={() => {
            onActions(comment);
          }}
        >
          {comment.commentContent}
        </p>
        <div className="pf-comment__meta">
          {when === null ? null : <span className="pf-comment__time">{text(when)}</span>}
          <button
            type="button"
            className="pf-bare-button pf-text-button pf-comment__reply-button"
            aria-label={t`回复 ${replyName}`}
            onClick={() => {
              onReply(comment);
            }}
          >
            <Trans>回复</Trans>
          </button>
          <span className="pf-comment__spacer" />
          {onLike === undefined ? (
            <span className="pf-text-button pf-comment__like pf-comment__like--static">
              <Icon name="heart" size={18} />
              <span className="pf-visually-hidden">{t`点赞`}</span>
              {likes}
            </span>
          ) : (
            <button
              type="button"
              className={`pf-bare-button pf-text-button pf-comment__like${liked ? " pf-comment__like--on" : ""}`}
              aria-pressed={liked}
              onClick={() => {
                onLike(comment);
              }}
            >
              <Icon name="heart" size={18} fill={liked ? "currentColor" : "none"} />
              <span className="pf-visually-hidden">{t`点赞`}</span>
              {likes}
            </button>
          )}
        </div>
        {shown.length > 0 ? (
          <ul className="pf-comment__replies" aria-label={t`回复`}>
            {shown.map((reply) => (
              <Reply key={String(reply.id)} reply={reply} onActions={onActions} />
            ))}
          </ul>
        ) : null}
        {remaining > 0 ? (
          <button
            type="button"
            className="pf-bare-button pf-text-button pf-comment__more-replies"
            aria-busy={repliesLoading || undefined}
            disabled={repliesLoading}
            onClick={() => {
              onMoreReplies(comment);
            }}
          >
            {repliesLoading ? <Spinner size={14} /> : null}
            {t`展开更多回复 (${remaining})`}
            <Icon name="down" size={16} />
          </button>
        ) : null}
      </div>
    </li>
  );
}
