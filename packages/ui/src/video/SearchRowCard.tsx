import { authorNameOf } from "@platform/domain";
import type { CSSProperties, ReactNode } from "react";
import { ui } from "../presentation";
import { Duration, PlayCount } from "./CardParts";
import { LevelBadge } from "./LevelBadge";
import { VideoCover } from "./VideoCover";
import type { VideoCardData } from "./types";
import "./VideoCardTitle.css";
import "./SearchRowCard.css";

export interface SearchRowCardProps {
  readonly video: VideoCardData;
  readonly onOpen: (id: string) => void;
  /** The searched words: each occurrence in the title is marked (case-insensitive). */
  readonly highlight?: string;
  /** One of a list's first cards: its cover loads at once (`VideoCover`'s `priority`). */
  readonly priority?: boolean;
}

/** The search-result row (row height `ui.searchRowHeight`): small cover, title, author, play count. */
export function SearchRowCard({ video, onOpen, highlight, priority = false }: SearchRowCardProps) {
  const author = authorNameOf(video);
  return (
    <div
      className="pf-search-row"
      style={{ "--pf-video-row-height": `${String(ui.searchRowHeight)}px` } as CSSProperties}
    >
      <div className="pf-search-row__body">
        <button
          type="button"
          className="pf-search-row__open pf-card-open"
          onClick={() => {
            onOpen(video.id);
          }}
        >
          <span className="pf-search-row__title pf-card-title">
            {highlighted(video.videoTitle, highlight)}
          </span>
        </button>
        <span className="pf-card-line pf-search-row__line">
          {author !== "" ? <span className="pf-search-row__author">{author}</span> : null}
          <PlayCount count={video.playCount} className="pf-search-row__plays" />
        </span>
      </div>
      <VideoCover video={video} className="pf-search-row__cover" sizes="160px" priority={priority}>
        <LevelBadge level={video.watchLevel} className="pf-search-row__badge" />
        <Duration ms={video.videoLength} className="pf-card-duration pf-search-row__duration" />
      </VideoCover>
    </div>
  );
}

/** The title with every case-insensitive occurrence of `keyword` in a <mark>. */
function highlighted(title: string, keyword: string | undefined): ReactNode {
  const needle = keyword?.trim().toLocaleLowerCase() ?? "";
  if (needle === "") return title;
  const haystack = title.toLocaleLowerCase();
  // Lower-casing can change a string's length (a few scripts): then the title is shown unmarked.
  if (haystack.length !== title.length) return title;
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push(title.slice(from, at));
    parts.push(
      <mark key={at} className="pf-search-row__mark">
        {title.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  if (from < title.length) parts.push(title.slice(from));
  return parts;
}
