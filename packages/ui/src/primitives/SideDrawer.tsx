import { useLingui } from "@lingui/react/macro";
import { useEffect, useEffectEvent, useId, useRef } from "react";
import type { ReactNode } from "react";
import { ui } from "../presentation";
import { IconButton } from "./IconButton";
import { Layer } from "./Layer";
import { useDelayedFlag, useWindowHeight } from "./motion";
import { Skeleton, SkeletonGroup } from "./Skeleton";
import { useModal } from "./useModal";
import "./SideDrawer.css";

export interface SideDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title?: ReactNode;
  readonly children: ReactNode;
  /** Data is loading: a skeleton placeholder as tall as the window minus 50 px stands in. */
  readonly loading?: boolean;
  /**
   * A change of this value while open closes the drawer: the app passes the route path, so any
   * route change closes it (spec §2).
   */
  readonly closeKey?: unknown;
  /** An accessible name when there is no title. */
  readonly label?: string;
}

/**
 * A panel sliding in from the right (the 'my' panel, 'switch account'). It closes on the overlay,
 * the close icon, Escape and a `closeKey` change; its content appears after the panel animation
 * delay (50 ms). Drawers stack: one opened later covers the earlier one.
 */
export function SideDrawer({
  open,
  onClose,
  title,
  children,
  loading = false,
  closeKey,
  label,
}: SideDrawerProps) {
  const { t } = useLingui();
  const ref = useModal(open, onClose);
  const titleId = useId();
  const ready = useDelayedFlag(open, ui.panelAnimationDelayMs);
  const windowHeight = useWindowHeight();

  const close = useEffectEvent(onClose);
  const seen = useRef({ open, closeKey });
  useEffect(() => {
    const before = seen.current;
    seen.current = { open, closeKey };
    if (before.open && open && !Object.is(before.closeKey, closeKey)) close();
  }, [open, closeKey]);

  if (!open) return null;
  const placeholderHeight = Math.max(0, windowHeight - ui.panelLoadingHeightOffset);
  return (
    <Layer>
      <div className="pf-overlay pf-side-drawer__overlay" onClick={onClose} data-testid="drawer-overlay" />
      <div
        ref={ref}
        className="pf-side-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title === undefined ? undefined : titleId}
        aria-label={title === undefined ? label : undefined}
        aria-busy={loading || undefined}
        tabIndex={-1}
      >
        <div className="pf-side-drawer__head">
          {title === undefined ? (
            <span className="pf-side-drawer__title" />
          ) : (
            <h2 id={titleId} className="pf-side-drawer__title">
              {title}
            </h2>
          )}
          <IconButton icon="close" label={t`关闭`} onClick={onClose} />
        </div>
        <div className="pf-side-drawer__body">
          {loading ? (
            <SkeletonGroup className="pf-side-drawer__placeholder" style={{ height: placeholderHeight }}>
              <div className="pf-side-drawer__placeholder-head">
                <Skeleton width={56} height={56} radius="50%" />
                <Skeleton lines={2} height={14} />
              </div>
              <Skeleton height={88} radius="var(--pf-radius)" />
              <Skeleton lines={4} height={18} />
            </SkeletonGroup>
          ) : ready ? (
            children
          ) : null}
        </div>
      </div>
    </Layer>
  );
}
