import { authorNameOf } from "@platform/domain";
import type { CSSProperties } from "react";
import { ui } from "../presentation";
import { Duration, PlayCount } from "./CardParts";
import { LevelBadge } from "./LevelBadge";
import { VideoCover } from "./VideoCover";
import type { VideoCardData } from "./types";
import "./VideoCardTitle.css";
import "./VideoGridCard.css";

export interface VideoGridCardProps {
  readonly video: VideoCardData;
  readonly onOpen: (id: string) => void;
  /** One of a list's first cards: its cover loads at once (`VideoCover`'s `priority`). */
  readonly priority?: boolean;
}

/**
 * The two-per-row video card (row height `ui.gridRowHeight`): cover with level badge, play count
 * and duration, a title of at most two lines and the author. The title is the card's one button
 * (its accessible name); its hit area covers the whole card.
 */
export function VideoGridCard({ video, onOpen, priority = false }: VideoGridCardProps) {
  const author = authorNameOf(video);
  return (
    <div
      className="pf-video-grid-card"
      style={{ "--pf-video-row-height": `${String(ui.gridRowHeight)}px` } as CSSProperties}
    >
      <button
        type="button"
        className="pf-video-grid-card__open pf-card-open"
        onClick={() => {
          onOpen(video.id);
        }}
      >
        <span className="pf-video-grid-card__title pf-card-title">{video.videoTitle}</span>
      </button>
      {author !== "" ? <span className="pf-video-grid-card__author">{author}</span> : null}
      <VideoCover
        video={video}
        className="pf-video-grid-card__cover"
        sizes="(max-width: 480px) 50vw, 240px"
        priority={priority}
      >
        <LevelBadge level={video.watchLevel} className="pf-video-grid-card__badge" />
        <span className="pf-video-grid-card__stats">
          <PlayCount count={video.playCount} className="pf-video-grid-card__plays" />
          <Duration ms={video.videoLength} className="pf-video-grid-card__duration" />
        </span>
      </VideoCover>
    </div>
  );
}
