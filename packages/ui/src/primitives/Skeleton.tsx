import { useLingui } from "@lingui/react/macro";
import type { CSSProperties, ReactNode } from "react";
import "./Skeleton.css";

export interface SkeletonProps {
  /** Width (a number is px; default 100%). */
  readonly width?: number | string;
  /** Height of the block, or of each line (default 14 px). */
  readonly height?: number | string;
  readonly radius?: number | string;
  /** Draw this many text lines instead of one block (the last one shorter). */
  readonly lines?: number;
  readonly className?: string;
}

function size(value: number | string | undefined): string | undefined {
  return typeof value === "number" ? `${String(value)}px` : value;
}

/**
 * A grey placeholder while content loads: it shimmers, and stands still under reduced motion. Decorative:
 * wrap a group of them in `SkeletonGroup` so screen readers hear 'loading' once.
 */
export function Skeleton({ width, height, radius, lines = 1, className }: SkeletonProps) {
  const style: CSSProperties = {
    width: size(width),
    height: size(height),
    borderRadius: size(radius),
  };
  if (lines <= 1) {
    return (
      <span className={`pf-skeleton${className ? ` ${className}` : ""}`} style={style} aria-hidden="true" />
    );
  }
  return (
    <span
      className={`pf-skeleton__lines${className ? ` ${className}` : ""}`}
      style={{ width: style.width }}
      aria-hidden="true"
    >
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          className="pf-skeleton pf-skeleton--line"
          style={{
            height: style.height,
            borderRadius: style.borderRadius,
            width: index === lines - 1 ? "60%" : undefined,
          }}
        />
      ))}
    </span>
  );
}

export interface SkeletonGroupProps {
  readonly children: ReactNode;
  /** What is loading, for screen readers (default 'loading'). */
  readonly label?: string;
  readonly className?: string;
  readonly style?: CSSProperties;
}

/** A block of skeletons announced once as loading (role status, aria-busy). */
export function SkeletonGroup({ children, label, className, style }: SkeletonGroupProps) {
  const { t } = useLingui();
  return (
    <div
      className={`pf-skeleton-group${className ? ` ${className}` : ""}`}
      style={style}
      role="status"
      aria-busy="true"
      aria-label={label ?? t`加载中…`}
    >
      {children}
    </div>
  );
}

export interface SpinnerProps {
  /** Pixel size (default 20). */
  readonly size?: number;
  /** Spoken text; without it the spinner is decorative. */
  readonly label?: string;
}

/** A small turning ring (slowed, not stopped, under reduced motion). */
export function Spinner({ size: px = 20, label }: SpinnerProps) {
  return (
    <span
      className="pf-spinner"
      style={{ width: px, height: px }}
      role={label === undefined ? undefined : "img"}
      aria-label={label}
      aria-hidden={label === undefined ? true : undefined}
    />
  );
}
