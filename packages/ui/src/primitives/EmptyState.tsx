import type { ReactNode } from "react";
import "./EmptyState.css";

export interface EmptyStateProps {
  /** The sentence under the image ('no comments yet', 'no search results', 'no history'…). */
  readonly description: ReactNode;
  /** An image URL; the built-in illustration otherwise. */
  readonly image?: string;
  /** A follow-up action (a button or link), shown under the description. */
  readonly action?: ReactNode;
  readonly compact?: boolean;
}

/** The empty-state block: an image and a description (spec §2). */
export function EmptyState({ description, image, action, compact = false }: EmptyStateProps) {
  return (
    <div className={`pf-empty${compact ? " pf-empty--compact" : ""}`}>
      {image === undefined ? (
        <svg className="pf-empty__image" viewBox="0 0 120 90" aria-hidden="true" focusable="false">
          <rect x="18" y="22" width="84" height="56" rx="8" fill="var(--pf-surface-2)" />
          <rect x="30" y="12" width="60" height="14" rx="4" fill="var(--pf-line)" />
          <circle cx="60" cy="50" r="14" fill="none" stroke="var(--pf-text-3)" strokeWidth="3" />
          <path d="M70 60l10 10" stroke="var(--pf-text-3)" strokeWidth="3" strokeLinecap="round" />
        </svg>
      ) : (
        <img className="pf-empty__image" src={image} alt="" />
      )}
      <p className="pf-empty__text">{description}</p>
      {action}
    </div>
  );
}
