import type { CSSProperties, ReactNode } from "react";
import { ui } from "../presentation";
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

/** The first covers of a list, in its first screen: loaded at once, at high priority. */
const PRIORITY_COVERS = 2;

function skeletons(count: number | undefined, videos: number): number[] {
  return Array.from({ length: count ?? (videos === 0 ? 6 : 2) }, (_, i) => i);
}

/**
 * What every list shares: the videos as list items, then (while loading) skeleton cards in one
 * group announced once. `listClass` is the layout: `pf-video-grid` or `pf-video-rows`.
 */
function VideoListFrame({
  videos,
  loading = false,
  skeletonCount,
  label,
  className,
  listClass,
  style,
  card,
  skeleton,
}: Omit<ListBase, "onOpen"> & {
  readonly listClass: string;
  readonly style?: CSSProperties;
  /** A card; `priority` for the first ones, whose covers load at once. */
  readonly card: (video: VideoCardData, priority: boolean) => ReactNode;
  readonly skeleton: (key: number) => ReactNode;
}) {
  return (
    <div className={`pf-video-list${className ? ` ${className}` : ""}`} aria-busy={loading || undefined}>
      {videos.length > 0 ? (
        <ul role="list" className={listClass} style={style} aria-label={label}>
          {videos.map((video, index) => (
            <li key={video.id}>{card(video, index < PRIORITY_COVERS)}</li>
          ))}
        </ul>
      ) : null}
      {loading ? (
        <SkeletonGroup className={`${listClass} ${listClass}--loading`} style={style}>
          {skeletons(skeletonCount, videos.length).map(skeleton)}
        </SkeletonGroup>
      ) : null}
    </div>
  );
}

export type VideoGridProps = ListBase;

/** Videos two per row (row height `ui.gridRowHeight`). */
export function VideoGrid({ onOpen, ...list }: VideoGridProps) {
  const style = { "--pf-video-row-height": `${String(ui.gridRowHeight)}px` } as CSSProperties;
  return (
    <VideoListFrame
      {...list}
      listClass="pf-video-grid"
      style={style}
      card={(video, priority) => <VideoGridCard video={video} onOpen={onOpen} priority={priority} />}
      skeleton={(i) => <VideoGridCardSkeleton key={i} />}
    />
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
  loading,
  skeletonCount,
  label,
  className,
  selectedIds,
  ...rowProps
}: VideoRowListProps) {
  return (
    <VideoListFrame
      videos={videos}
      loading={loading}
      skeletonCount={skeletonCount}
      label={label}
      className={className}
      listClass="pf-video-rows"
      card={(video, priority) => (
        <VideoRowCard video={video} selected={selectedIds?.has(video.id)} priority={priority} {...rowProps} />
      )}
      skeleton={(i) => <VideoRowCardSkeleton key={i} />}
    />
  );
}

export interface SearchRowListProps extends ListBase {
  /** The searched words, marked in each title. */
  readonly highlight?: string;
}

/** Search results in rows of `ui.searchRowHeight`. */
export function SearchRowList({ onOpen, highlight, ...list }: SearchRowListProps) {
  return (
    <VideoListFrame
      {...list}
      listClass="pf-video-rows"
      card={(video, priority) => (
        <SearchRowCard video={video} onOpen={onOpen} highlight={highlight} priority={priority} />
      )}
      skeleton={(i) => <SearchRowCardSkeleton key={i} />}
    />
  );
}
