import { Trans, useLingui } from "@lingui/react/macro";
import { commentActions, commentFocusOutcome, limits, validateComment } from "@platform/domain";
import type { Message } from "@platform/domain";
import { productMessages } from "@platform/i18n";
import { useEffect, useId, useRef, useState } from "react";
import type { FocusEvent, ReactNode, SyntheticEvent } from "react";
import { useMessageText } from "../i18n";
import { ActionSheet } from "../primitives/ActionSheet";
import type { ActionSheetAction } from "../primitives/ActionSheet";
import { BottomPopup } from "../primitives/BottomPopup";
import { Button } from "../primitives/Button";
import { useCopy } from "../primitives/CopyButton";
import { EmptyState } from "../primitives/EmptyState";
import { IconButton } from "../primitives/IconButton";
import { InfiniteList } from "../primitives/InfiniteList";
import { TextField } from "../primitives/TextField";
import { CommentItem } from "./CommentItem";
import type { AnyCommentData, CommentData, CommentId } from "./types";
import "./CommentPanel.css";

export interface CommentPanelProps {
  /**
   * Given: the panel is a bottom popup, shown while true (`onClose` closes it). Left out: the panel
   * is drawn in place, filling its parent.
   */
  readonly open?: boolean;
  readonly onClose?: () => void;
  /** The loaded comments, newest first (pages of 10, spec §9). */
  readonly comments: readonly CommentData[];
  /** How many comments exist in all (shown in the title). */
  readonly total?: number;
  /** A page is loading (the first one too). */
  readonly loading: boolean;
  /** The last page was full (domain `hasNextPage`). */
  readonly hasMore: boolean;
  readonly onLoadMore: () => void;
  /** The last load failed: shown at the list's end with a retry button. */
  readonly error?: ReactNode;
  readonly onRetry?: () => void;
  /** The signed-in user's id (null when anonymous): own comments offer delete, others' report. */
  readonly viewerId: CommentId | null;
  /**
   * The comment privilege (`isCommentEnabled` of the member benefits); null while it is still
   * loading: a tap keeps the input (the send button comes with a yes), and a no asks for membership
   * then, so a quick tap on a slow phone is not lost.
   */
  readonly canComment: boolean | null;
  /** Focusing the input without the privilege: the caller opens the super-membership dialog. */
  readonly onRequireMembership: () => void;
  /**
   * Sends a comment (or a reply to `replyTo`); resolve true when it was posted: the input clears.
   * The app then reloads page 1 and changes `scrollToTopKey`.
   */
  readonly onSend: (text: string, replyTo?: AnyCommentData) => Promise<boolean> | boolean;
  /** Changing it scrolls the list back to the top (after a send or a delete). */
  readonly scrollToTopKey?: unknown;
  /** Copy from the action sheet (default: the comment's text to the clipboard, 'copy success'). */
  readonly onCopy?: (comment: AnyCommentData) => void;
  readonly onReport: (comment: AnyCommentData) => void;
  readonly onDelete: (comment: AnyCommentData) => void;
  /** Like or unlike; without it the like count is shown only. */
  readonly onLike?: (comment: CommentData) => void;
  /** 'More replies' of a comment whose replies are not all loaded: load them into `childList`. */
  readonly onLoadReplies: (root: CommentData) => void;
  /** Ids of the comments whose replies are loading. */
  readonly repliesLoading?: ReadonlySet<CommentId> | readonly CommentId[];
  /** The time the relative times are counted from (default: now). */
  readonly now?: number | Date;
  /** The avatar for people without one (the product logo). */
  readonly defaultAvatar?: string;
}

/**
 * The comment panel (spec §2, §4): the comments with their replies (2 until 'more replies'), pages
 * of 10, an action sheet per comment (copy; report on others'; delete on one's own; cancel), and an
 * input of at most 500 characters whose send button appears on focus for those with the comment
 * privilege (others get the membership dialog).
 */
export function CommentPanel(props: CommentPanelProps) {
  const { t } = useLingui();
  const { open, onClose, total } = props;
  const title = total === undefined ? t`评论` : t`评论 (${total})`;
  if (open === undefined) {
    return (
      <section className="pf-comment-panel pf-comment-panel--inline" aria-label={title}>
        <div className="pf-comment-panel__head">
          <h2 className="pf-comment-panel__title">{title}</h2>
          {onClose === undefined ? null : <IconButton icon="close" label={t`关闭`} onClick={onClose} />}
        </div>
        <PanelBody {...props} />
      </section>
    );
  }
  return (
    <BottomPopup
      open={open}
      onClose={
        onClose ??
        (() => {
          /* A popup without onClose cannot be dismissed by its controls. */
        })
      }
      closable={onClose !== undefined}
      title={title}
    >
      <div className="pf-comment-panel pf-comment-panel--popup">
        <PanelBody {...props} />
      </div>
    </BottomPopup>
  );
}

function idSet(ids: ReadonlySet<CommentId> | readonly CommentId[] | undefined): ReadonlySet<string> {
  return new Set([...(ids ?? [])].map(String));
}

function PanelBody({
  comments,
  loading,
  hasMore,
  onLoadMore,
  error,
  onRetry,
  viewerId,
  canComment,
  onRequireMembership,
  onSend,
  scrollToTopKey,
  onCopy,
  onReport,
  onDelete,
  onLike,
  onLoadReplies,
  repliesLoading,
  now,
  defaultAvatar,
}: CommentPanelProps) {
  const { t, i18n } = useLingui();
  const text = useMessageText();
  const copy = useCopy();
  const inputId = useId();
  const listRef = useRef<HTMLDivElement | null>(null);

  const [sheetOpen, setSheetOpen] = useState(false);
  // The target outlives the sheet's closing animation, so its rows do not vanish as it falls.
  const [target, setTarget] = useState<AnyCommentData | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<Message | null>(null);
  const [replyTo, setReplyTo] = useState<AnyCommentData | null>(null);
  const [focused, setFocused] = useState(false);
  const [sending, setSending] = useState(false);
  const [clock] = useState(() => Date.now());

  useEffect(() => {
    const list = listRef.current?.querySelector<HTMLElement>(".pf-comment-panel__list");
    if (list) list.scrollTop = 0;
  }, [scrollToTopKey]);

  const loadingReplies = idSet(repliesLoading);
  const composing = focused && canComment === true;

  const openActions = (comment: AnyCommentData) => {
    setTarget(comment);
    setSheetOpen(true);
  };

  const actions: ActionSheetAction[] =
    target === null
      ? []
      : commentActions(target, viewerId).flatMap((action): ActionSheetAction[] => {
          switch (action) {
            case "copy":
              return [
                {
                  key: action,
                  label: t`复制`,
                  onSelect: () => {
                    if (onCopy) onCopy(target);
                    else void copy(target.commentContent);
                  },
                },
              ];
            case "report":
              return [
                {
                  key: action,
                  label: t`举报`,
                  onSelect: () => {
                    onReport(target);
                  },
                },
              ];
            case "delete":
              return [
                {
                  key: action,
                  label: t`删除`,
                  tone: "danger",
                  onSelect: () => {
                    onDelete(target);
                  },
                },
              ];
            case "cancel":
              // The sheet's own last row.
              return [];
          }
        });

  const focusInput = () => {
    document.getElementById(inputId)?.focus();
  };

  const onInputFocus = () => {
    if (canComment === null) return; // the answer decides (below)
    if (commentFocusOutcome({ isCommentEnabled: canComment }) === "membershipDialog") {
      document.getElementById(inputId)?.blur();
      onRequireMembership();
    }
  };
  // Tapped while the privilege was loading, and the answer is no: as if tapped now.
  useEffect(() => {
    if (canComment !== false || !focused) return;
    document.getElementById(inputId)?.blur();
    onRequireMembership();
  }, [canComment, focused, inputId, onRequireMembership]);

  const send = async (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (!canComment || sending) return;
    const invalid = validateComment(draft);
    setProblem(invalid);
    if (invalid !== null) return;
    setSending(true);
    let sent: boolean;
    try {
      sent = await onSend(draft.trim(), replyTo ?? undefined);
    } catch {
      sent = false;
    } finally {
      setSending(false);
    }
    if (sent) {
      setDraft("");
      setReplyTo(null);
    }
  };

  const replyName = replyTo?.commentUserName ?? "";
  const empty = comments.length === 0 && !loading && (error === undefined || error === null);

  return (
    <>
      <div ref={listRef} className="pf-comment-panel__body">
        {empty ? (
          <EmptyState compact picture="empty" description={i18n._(productMessages.noComments)} />
        ) : (
          <InfiniteList
            as="ul"
            className="pf-comment-panel__list"
            label={t`评论列表`}
            hasMore={hasMore}
            loading={loading}
            onLoadMore={onLoadMore}
            error={error}
            onRetry={onRetry}
          >
            {comments.map((comment) => (
              <CommentItem
                key={String(comment.id)}
                comment={comment}
                now={now ?? clock}
                defaultAvatar={defaultAvatar}
                expanded={expanded.has(String(comment.id))}
                repliesLoading={loadingReplies.has(String(comment.id))}
                onActions={openActions}
                onReply={(root) => {
                  setReplyTo(root);
                  focusInput();
                }}
                onLike={onLike}
                onMoreReplies={(root) => {
                  setExpanded((ids) => new Set(ids).add(String(root.id)));
                  const all = Math.max(root.childCount ?? 0, root.childList?.length ?? 0);
                  if ((root.childList?.length ?? 0) < all) onLoadReplies(root);
                }}
              />
            ))}
          </InfiniteList>
        )}
      </div>

      <form
        className="pf-comment-panel__compose"
        onSubmit={(event) => {
          void send(event);
        }}
        onFocus={(event: FocusEvent<HTMLFormElement>) => {
          if (canComment !== false && event.target === document.activeElement) setFocused(true);
        }}
        onBlur={(event: FocusEvent<HTMLFormElement>) => {
          const next = event.relatedTarget;
          if (!(next instanceof Node && event.currentTarget.contains(next))) setFocused(false);
        }}
      >
        {replyTo === null ? null : (
          <div className="pf-comment-panel__replying">
            <span className="pf-comment-panel__replying-text">
              <Trans>
                回复 <b>{replyName}</b>
              </Trans>
            </span>
            <IconButton
              icon="close"
              iconSize={16}
              label={t`取消回复`}
              onClick={() => {
                setReplyTo(null);
              }}
            />
          </div>
        )}
        <div className="pf-comment-panel__row">
          <div className="pf-comment-panel__field">
            <TextField
              id={inputId}
              label={replyTo === null ? t`发表评论` : t`回复 ${replyName}`}
              hideLabel
              kind="textarea"
              rows={composing ? 3 : 1}
              maxLength={limits.commentMaxLength}
              showCount
              value={draft}
              onChange={(value) => {
                setDraft(value);
                if (problem !== null) setProblem(null);
              }}
              onFocus={onInputFocus}
              placeholder={replyTo === null ? t`说点什么吧…` : t`回复 ${replyName}`}
              error={problem === null ? undefined : text(problem)}
            />
          </div>
          {composing ? (
            <Button
              type="submit"
              size="sm"
              className="pf-comment-panel__send"
              busy={sending}
              // Pressing must not blur the input first, or the button would hide under the pointer.
              onMouseDown={(event) => {
                event.preventDefault();
              }}
            >
              <Trans>发送</Trans>
            </Button>
          ) : null}
        </div>
      </form>

      <ActionSheet
        open={sheetOpen}
        onClose={() => {
          setSheetOpen(false);
        }}
        label={t`评论操作`}
        actions={actions}
      />
    </>
  );
}
