import { ui } from "@platform/domain";
import type { CSSProperties } from "react";
import { SkeletonGroup } from "../primitives/Skeleton";
import { SearchRowCard } from "./SearchRowCard";
import { SearchRowCardSkeleton, VideoGridCardSkeleton, VideoRowCardSkeleton } from "./VideoCardSkeleton";
import { VideoGridCard } from "./VideoGridCard";
import { VideoRowCard } from "./VideoRowCard";
import type { VideoRowCardProps } from "./VideoRowCard";
import type { VideoCardData } from "./types";
import "./VideoLists.css";

interface ListBase {
  readonly videos: readonly VideoCardData[];
  readonly onOpen: (id: string) => void;
  /** Skeleton cards follow the videos (a first load shows only them), announced once as loading. */
  readonly loading?: boolean;
  /** How many skeleton cards a load shows (default: 6 on a first load, 2 after videos). */
  readonly skeletonCount?: number;
  /** The list's accessible name. */
  readonly label?: string;
  readonly className?: string;
}

function skeletons(count: number | undefined, videos: number): number[] {
  return Array.from({ length: count ?? (videos === 0 ? 6 : 2) }, (_, i) => i);
}

export type VideoGridProps = ListBase;

/** Videos two per row (row height `ui.gridRowHeight`). */
export function VideoGrid({
  videos,
  onOpen,
  loading = false,
  skeletonCount,
  label,
  className,
}: VideoGridProps) {
  const style = { "--pf-video-row-height": `${String(ui.gridRowHeight)}px` } as CSSProperties;
  return (
    <div className={`pf-video-list${className ? ` ${className}` : ""}`} aria-busy={loading || undefined}>
      {videos.length > 0 ? (
        <ul role="list" className="pf-video-grid" style={style} aria-label={label}>
          {videos.map((video) => (
            <li key={video.id}>
              <VideoGridCard video={video} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      ) : null}
      {loading ? (
        <SkeletonGroup className="pf-video-grid pf-video-grid--loading" style={style}>
          {skeletons(skeletonCount, videos.length).map((i) => (
            <VideoGridCardSkeleton key={i} />
          ))}
        </SkeletonGroup>
      ) : null}
    </div>
  );
}

export interface VideoRowListProps
  extends
    ListBase,
    Pick<
      VideoRowCardProps,
      | "showAuditTime"
      | "showWatched"
      | "onEdit"
      | "onDelete"
      | "selectable"
      | "onSelectChange"
      | "swipeToDelete"
    > {
  /** Ticked rows in `selectable` mode (default: each video's `isSelected`). */
  readonly selectedIds?: ReadonlySet<string>;
}

/** Videos in single rows (row height `ui.singleRowHeight`), with the row card's options for every row. */
export function VideoRowList({
  videos,
  loading = false,
  skeletonCount,
  label,
  className,
  selectedIds,
  ...rowProps
}: VideoRowListProps) {
  return (
    <div className={`pf-video-list${className ? ` ${className}` : ""}`} aria-busy={loading || undefined}>
      {videos.length > 0 ? (
        <ul role="list" className="pf-video-rows" aria-label={label}>
          {videos.map((video) => (
            <li key={video.id}>
              <VideoRowCard video={video} selected={selectedIds?.has(video.id)} {...rowProps} />
            </li>
          ))}
        </ul>
      ) : null}
      {loading ? (
        <SkeletonGroup className="pf-video-rows pf-video-rows--loading">
          {skeletons(skeletonCount, videos.length).map((i) => (
            <VideoRowCardSkeleton key={i} />
          ))}
        </SkeletonGroup>
      ) : null}
    </div>
  );
}

export interface SearchRowListProps extends ListBase {
  /** The searched words, marked in each title. */
  readonly highlight?: string;
}

/** Search results in rows of `ui.searchRowHeight`. */
export function SearchRowList({
  videos,
  onOpen,
  highlight,
  loading = false,
  skeletonCount,
  label,
  className,
}: SearchRowListProps) {
  return (
    <div className={`pf-video-list${className ? ` ${className}` : ""}`} aria-busy={loading || undefined}>
      {videos.length > 0 ? (
        <ul role="list" className="pf-video-rows" aria-label={label}>
          {videos.map((video) => (
            <li key={video.id}>
              <SearchRowCard video={video} onOpen={onOpen} highlight={highlight} />
            </li>
          ))}
        </ul>
      ) : null}
      {loading ? (
        <SkeletonGroup className="pf-video-rows pf-video-rows--loading">
          {skeletons(skeletonCount, videos.length).map((i) => (
            <SearchRowCardSkeleton key={i} />
          ))}
        </SkeletonGroup>
      ) : null}
    </div>
  );
}
