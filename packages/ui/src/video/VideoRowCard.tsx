import { useLingui } from "@lingui/react/macro";
import { authorNameOf, durationOf, reviewTipOf } from "@platform/domain";
import { useEffect, useId, useRef, useState } from "react";
import type { CSSProperties, FocusEvent, KeyboardEvent, MouseEvent, PointerEvent, RefObject } from "react";
import { useMessageText } from "../i18n";
import { Icon } from "../icons/Icon";
import { ui } from "../presentation";
import { Duration, PlayCount } from "./CardParts";
import { formatDateTime } from "./format";
import { LevelBadge } from "./LevelBadge";
import { VideoCover } from "./VideoCover";
import type { VideoCardData } from "./types";
import "./VideoCardTitle.css";
import "./VideoRowCard.css";

/** Width of the delete button a left swipe reveals, in px. */
export const SWIPE_DELETE_WIDTH = 88;
/** A pointer must travel this far sideways before the row follows it (a tap or a scroll stays one). */
const SWIPE_SLOP = 8;

export interface VideoRowCardProps {
  readonly video: VideoCardData;
  /** Opens the video (not called in `selectable` mode, where a tap on the card toggles the checkbox). */
  readonly onOpen: (id: string) => void;
  /** Shows when the video passed review. */
  readonly showAuditTime?: boolean;
  /** Shows how far this viewer watched (`seenMs`): "watched to 12:03" and a bar on the cover. */
  readonly showWatched?: boolean;
  /** Shows an edit button. */
  readonly onEdit?: (id: string) => void;
  /**
   * Shows a delete button (and is what the swipe's delete button calls). It asks nothing itself:
   * the caller confirms.
   */
  readonly onDelete?: (id: string) => void;
  /** Edit mode of a list: a checkbox leads the row and a tap anywhere on the card toggles it. */
  readonly selectable?: boolean;
  /** Whether the checkbox is ticked (default: the video's client-only `isSelected`). */
  readonly selected?: boolean;
  readonly onSelectChange?: (id: string, selected: boolean) => void;
  /** One of a list's first cards: its cover loads at once (`VideoCover`'s `priority`). */
  readonly priority?: boolean;
  /**
   * A left swipe (touch or mouse drag) reveals a delete button that calls `onDelete`. The button is
   * also in the tab order: focusing it slides the row open, Escape closes it.
   */
  readonly swipeToDelete?: boolean;
  /** With `swipeToDelete`: start with the delete button shown (a hint of the gesture). */
  readonly defaultRevealed?: boolean;
}

/**
 * The single-row video card (row height `ui.singleRowHeight`): cover with level badge, duration and
 * watched bar; title (two lines), author, play count, then the review-status tip (domain
 * `reviewTipOf`: only without an audit time; red for failures), the audit time or the watched
 * position; edit and delete buttons, a select checkbox and swipe-to-delete when asked for.
 */
export function VideoRowCard({
  video,
  onOpen,
  showAuditTime = false,
  showWatched = false,
  onEdit,
  onDelete,
  selectable = false,
  selected,
  onSelectChange,
  swipeToDelete = false,
  defaultRevealed = false,
  priority = false,
}: VideoRowCardProps) {
  const { t, i18n } = useLingui();
  const text = useMessageText();
  const checkboxId = useId();
  const title = video.videoTitle;
  const author = authorNameOf(video);
  const tip = reviewTipOf(video);
  const isSelected = selected ?? video.isSelected ?? false;

  const auditTime =
    showAuditTime && video.auditTime != null && video.auditTime !== ""
      ? formatDateTime(video.auditTime, i18n.locale)
      : null;

  const seenMs = showWatched && video.seenMs != null && video.seenMs > 0 ? video.seenMs : null;
  const finished = seenMs !== null && video.videoLength > 0 && seenMs >= video.videoLength;
  const position = seenMs === null ? "" : durationOf(seenMs);
  const seenPercent =
    seenMs === null || video.videoLength <= 0 ? 0 : Math.min(100, (seenMs / video.videoLength) * 100);

  const rowRef = useRef<HTMLDivElement>(null);
  const swipe = useSwipeToDelete(swipeToDelete && onDelete !== undefined, rowRef, defaultRevealed);

  const opener = selectable ? (
    <label htmlFor={checkboxId} className="pf-video-row__open pf-card-open">
      <span className="pf-video-row__title pf-card-title">{title}</span>
    </label>
  ) : (
    <button
      type="button"
      className="pf-video-row__open pf-card-open"
      onClick={() => {
        onOpen(video.id);
      }}
    >
      <span className="pf-video-row__title pf-card-title">{title}</span>
    </button>
  );

  return (
    <div
      ref={rowRef}
      className={[
        "pf-video-row",
        swipe.enabled ? "pf-video-row--swipe" : "",
        swipe.revealed ? "pf-video-row--revealed" : "",
        swipe.dragging ? "pf-video-row--dragging" : "",
        selectable ? "pf-video-row--selectable" : "",
        isSelected && selectable ? "pf-video-row--selected" : "",
      ].join(" ")}
      style={
        {
          "--pf-video-row-height": `${String(ui.singleRowHeight)}px`,
          "--pf-swipe-width": `${String(SWIPE_DELETE_WIDTH)}px`,
        } as CSSProperties
      }
      onKeyDown={swipe.onKeyDown}
      onBlur={swipe.onBlur}
    >
      <div
        className="pf-video-row__content"
        style={swipe.offset !== 0 ? { transform: `translateX(${String(swipe.offset)}px)` } : undefined}
        {...swipe.contentHandlers}
      >
        {selectable ? (
          <span className="pf-video-row__check">
            <input
              id={checkboxId}
              type="checkbox"
              className="pf-video-row__checkbox"
              checked={isSelected}
              aria-label={t`选择《${title}》`}
              onChange={(e) => {
                onSelectChange?.(video.id, e.currentTarget.checked);
              }}
            />
          </span>
        ) : null}
        <div className="pf-video-row__body">
          {opener}
          <span className="pf-card-line pf-video-row__line">
            {author !== "" ? <span className="pf-video-row__author">{author}</span> : null}
            <PlayCount count={video.playCount} className="pf-video-row__plays" />
          </span>
          <span className="pf-video-row__foot">
            <span className="pf-card-line pf-video-row__status">
              {tip?.label != null ? (
                <span
                  className={`pf-video-row__tip pf-video-row__tip--${tip.severity} pf-video-row__tip--${tip.phase}`}
                >
                  {text(tip.label)}
                </span>
              ) : null}
              {auditTime !== null ? (
                <span className="pf-video-row__audit">{t`审核时间 ${auditTime}`}</span>
              ) : null}
              {seenMs !== null ? (
                <span className="pf-video-row__watched">{finished ? t`已看完` : t`已看到 ${position}`}</span>
              ) : null}
            </span>
            {onEdit !== undefined || (onDelete !== undefined && !swipe.enabled) ? (
              <span className="pf-video-row__actions">
                {onEdit !== undefined ? (
                  <button
                    type="button"
                    className="pf-video-row__action"
                    aria-label={t`编辑《${title}》`}
                    onClick={() => {
                      onEdit(video.id);
                    }}
                  >
                    <Icon name="edit" size={18} />
                  </button>
                ) : null}
                {onDelete !== undefined && !swipe.enabled ? (
                  <button
                    type="button"
                    className="pf-video-row__action pf-video-row__action--delete"
                    aria-label={t`删除《${title}》`}
                    onClick={() => {
                      onDelete(video.id);
                    }}
                  >
                    <Icon name="trash" size={18} />
                  </button>
                ) : null}
              </span>
            ) : null}
          </span>
        </div>
        <VideoCover video={video} className="pf-video-row__cover" sizes="160px" priority={priority}>
          <LevelBadge level={video.watchLevel} className="pf-video-row__badge" />
          <Duration ms={video.videoLength} className="pf-card-duration pf-video-row__duration" />
          {seenMs !== null ? (
            <span className="pf-video-row__progress" aria-hidden="true">
              <span style={{ width: `${String(seenPercent)}%` }} />
            </span>
          ) : null}
        </VideoCover>
      </div>
      {swipe.enabled && onDelete !== undefined ? (
        <button
          type="button"
          className="pf-video-row__swipe-delete"
          aria-label={t`删除《${title}》`}
          onFocus={swipe.reveal}
          onClick={() => {
            onDelete(video.id);
          }}
        >
          <Icon name="trash" size={20} />
          <span aria-hidden="true">{t`删除`}</span>
        </button>
      ) : null}
    </div>
  );
}

/**
 * Swipe-to-delete of one row: pointer events (touch, pen, mouse) move the content sideways; let go
 * past half the button's width and it stays open. A tap on the open row, a tap outside it, Escape
 * or focus leaving it closes it; a drag never counts as a tap.
 */
function useSwipeToDelete(
  enabled: boolean,
  rowRef: RefObject<HTMLDivElement | null>,
  initiallyRevealed: boolean,
) {
  const [revealed, setRevealed] = useState(initiallyRevealed);
  const [drag, setDrag] = useState<number | null>(null);
  const gesture = useRef<{ id: number; x: number; y: number; base: number; moving: boolean } | null>(null);
  const dragRef = useRef<number | null>(null);
  const swallowClick = useRef(false);

  // A tap anywhere outside an open row closes it.
  useEffect(() => {
    if (!enabled || !revealed) return;
    const onDown = (e: Event) => {
      if (!(e.target instanceof Node) || !rowRef.current?.contains(e.target)) setRevealed(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("pointerdown", onDown);
    };
  }, [enabled, revealed, rowRef]);

  const setDragTo = (value: number | null) => {
    dragRef.current = value;
    setDrag(value);
  };

  const end = (commit: boolean) => {
    const g = gesture.current;
    gesture.current = null;
    if (g?.moving !== true) return;
    const at = dragRef.current ?? g.base;
    if (commit) setRevealed(at <= -SWIPE_DELETE_WIDTH / 2);
    setDragTo(null);
    // The click that follows the pointerup of a drag is not a tap; none may follow (touch).
    swallowClick.current = true;
    window.setTimeout(() => {
      swallowClick.current = false;
    }, 0);
  };

  const contentHandlers = enabled
    ? {
        onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
          if (e.pointerType === "mouse" && e.button !== 0) return;
          gesture.current = {
            id: e.pointerId,
            x: e.clientX,
            y: e.clientY,
            base: revealed ? -SWIPE_DELETE_WIDTH : 0,
            moving: false,
          };
        },
        onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
          const g = gesture.current;
          if (g?.id !== e.pointerId) return;
          const dx = e.clientX - g.x;
          const dy = e.clientY - g.y;
          if (!g.moving) {
            if (Math.abs(dx) < SWIPE_SLOP) return;
            if (Math.abs(dy) > Math.abs(dx)) {
              // A vertical scroll: the row stays where it is.
              gesture.current = null;
              return;
            }
            g.moving = true;
            // Keep the pointer's events while it drags (not every environment has capture).
            const content: Partial<Pick<Element, "setPointerCapture">> = e.currentTarget;
            content.setPointerCapture?.(e.pointerId);
          }
          setDragTo(Math.max(-SWIPE_DELETE_WIDTH, Math.min(0, g.base + dx)));
        },
        onPointerUp: () => {
          end(true);
        },
        onPointerCancel: () => {
          end(false);
        },
        onClickCapture: (e: MouseEvent<HTMLDivElement>) => {
          if (swallowClick.current) {
            swallowClick.current = false;
            e.preventDefault();
            e.stopPropagation();
          } else if (revealed) {
            // A tap on an open row closes it rather than opening the video.
            setRevealed(false);
            e.preventDefault();
            e.stopPropagation();
          }
        },
      }
    : {};

  const offset = enabled ? (drag ?? (revealed ? -SWIPE_DELETE_WIDTH : 0)) : 0;

  return {
    enabled,
    revealed: enabled && revealed,
    dragging: drag !== null,
    offset,
    contentHandlers,
    reveal: () => {
      setRevealed(true);
    },
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
      if (!enabled || !revealed || e.key !== "Escape") return;
      e.stopPropagation();
      setRevealed(false);
      rowRef.current
        ?.querySelector<HTMLElement>("button.pf-video-row__open, .pf-video-row__checkbox")
        ?.focus();
    },
    onBlur: (e: FocusEvent<HTMLDivElement>) => {
      if (!enabled) return;
      const next = e.relatedTarget;
      if (!(next instanceof Node) || !e.currentTarget.contains(next)) setRevealed(false);
    },
  };
}
