import { useLingui } from "@lingui/react/macro";
import { badgeText } from "@platform/domain";
import type { ReactNode } from "react";
import "./Badge.css";

export interface BadgeProps {
  /** The count; hidden at 0, shown as '99+' above 99 (domain `badgeText`). */
  readonly count: number;
  /** What the badge sits on (an icon, a label); without it the badge is an inline pill. */
  readonly children?: ReactNode;
  /** Spoken instead of the default '{n} unread' (write the count into it yourself). */
  readonly label?: string;
  /** Silent for screen readers: the caller speaks the count itself (e.g. after a tab's label). */
  readonly decorative?: boolean;
}

/** A red count bubble (message centre, tab bar). */
export function Badge({ count, children, label, decorative = false }: BadgeProps) {
  const { t } = useLingui();
  const text = badgeText(count);
  const bubble =
    text === null ? null : (
      <span className={`pf-badge${children === undefined ? "" : " pf-badge--corner"}`}>
        <span aria-hidden="true">{text}</span>
        {decorative ? null : <span className="pf-visually-hidden">{label ?? t`${text}条未读`}</span>}
      </span>
    );
  if (children === undefined) return bubble;
  return (
    <span className="pf-badge-anchor">
      {children}
      {bubble}
    </span>
  );
}
