import type { CSSProperties } from "react";
import { Icon } from "../icons/Icon";
import { ui } from "../presentation";
import { Skeleton } from "../primitives/Skeleton";
import "./VideoCardSkeleton.css";

function CoverSkeleton({ className }: { readonly className: string }) {
  return (
    <span className={`pf-video-skeleton__cover ${className}`} aria-hidden="true">
      <Skeleton height="100%" />
      <Icon name="play" size={20} className="pf-video-skeleton__icon" />
    </span>
  );
}

/**
 * The loading stand-in of a `VideoGridCard`, same size. Decorative: a list shows several inside one
 * `SkeletonGroup` (as `VideoGrid` does while loading) so 'loading' is announced once.
 */
export function VideoGridCardSkeleton() {
  return (
    <div
      className="pf-video-skeleton pf-video-skeleton--grid"
      style={{ "--pf-video-row-height": `${String(ui.gridRowHeight)}px` } as CSSProperties}
      aria-hidden="true"
    >
      <CoverSkeleton className="pf-video-skeleton__cover--grid" />
      <Skeleton lines={2} height={12} />
      <Skeleton width="40%" height={10} />
    </div>
  );
}

/** The loading stand-in of a `VideoRowCard`, same size; decorative like `VideoGridCardSkeleton`. */
export function VideoRowCardSkeleton() {
  return (
    <div
      className="pf-video-skeleton pf-video-skeleton--row"
      style={{ "--pf-video-row-height": `${String(ui.singleRowHeight)}px` } as CSSProperties}
      aria-hidden="true"
    >
      <CoverSkeleton className="pf-video-skeleton__cover--row" />
      <span className="pf-video-skeleton__text">
        <Skeleton lines={2} height={14} />
        <Skeleton width="50%" height={10} />
      </span>
    </div>
  );
}

/** The loading stand-in of a `SearchRowCard`, same size; decorative like `VideoGridCardSkeleton`. */
export function SearchRowCardSkeleton() {
  return (
    <div
      className="pf-video-skeleton pf-video-skeleton--search"
      style={{ "--pf-video-row-height": `${String(ui.searchRowHeight)}px` } as CSSProperties}
      aria-hidden="true"
    >
      <CoverSkeleton className="pf-video-skeleton__cover--search" />
      <span className="pf-video-skeleton__text">
        <Skeleton height={13} />
        <Skeleton width="45%" height={10} />
      </span>
    </div>
  );
}
