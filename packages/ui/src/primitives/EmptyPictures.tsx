import type { ReactElement } from "react";

/** Which built-in picture: each kind of empty, error or missing screen has its own (spec 'empty-state block'). */
export type EmptyPicture = "noResults" | "empty" | "error" | "notFound" | "comingSoon";

/** The soft shadow every picture stands on. */
const ground = <ellipse cx="60" cy="81" rx="42" ry="5" fill="var(--pf-surface-2)" />;

/** A search that found nothing: a card under a magnifier. */
const noResults = (
  <>
    <rect x="18" y="22" width="84" height="56" rx="8" fill="var(--pf-surface-2)" />
    <rect x="30" y="12" width="60" height="14" rx="4" fill="var(--pf-line)" />
    <circle cx="60" cy="50" r="14" fill="none" stroke="var(--pf-text-3)" strokeWidth="3" />
    <path d="M70 60l10 10" stroke="var(--pf-text-3)" strokeWidth="3" strokeLinecap="round" />
  </>
);

/** A list with nothing in it yet: an open, empty box. */
const empty = (
  <>
    {ground}
    <g stroke="var(--pf-text-3)" strokeWidth="2" strokeLinejoin="round">
      <path d="M30 38l30-10-8-12-30 10z" fill="var(--pf-surface-2)" />
      <path d="M90 38l-30-10 8-12 30 10z" fill="var(--pf-surface-2)" />
      <path d="M30 38l30-10 30 10-30 10z" fill="var(--pf-line)" />
      <path d="M30 38l30 10v30l-30-10z" fill="var(--pf-surface-2)" />
      <path d="M90 38l-30 10v30l30-10z" fill="var(--pf-surface-2)" />
    </g>
  </>
);

/** Something failed (a load, the network): a cloud with a warning sign. */
const error = (
  <>
    {ground}
    <path
      d="M40 68a13 13 0 0 1-1.6-25.9a19 19 0 0 1 36.4-6.4a15 15 0 0 1 9.2 32.3z"
      fill="var(--pf-surface-2)"
      stroke="var(--pf-text-3)"
      strokeWidth="2"
      strokeLinejoin="round"
    />
    <path
      d="M80 48l14 24H66z"
      fill="var(--pf-surface)"
      stroke="var(--pf-danger)"
      strokeWidth="2.5"
      strokeLinejoin="round"
    />
    <path d="M80 56v8" stroke="var(--pf-danger)" strokeWidth="2.5" strokeLinecap="round" />
    <circle cx="80" cy="68.5" r="1.5" fill="var(--pf-danger)" />
  </>
);

/** An address that leads nowhere: a page with its corner folded and a question mark. */
const notFound = (
  <>
    {ground}
    <path
      d="M40 12h30l16 16v48H40z"
      fill="var(--pf-surface-2)"
      stroke="var(--pf-text-3)"
      strokeWidth="2"
      strokeLinejoin="round"
    />
    <path
      d="M70 12v16h16z"
      fill="var(--pf-line)"
      stroke="var(--pf-text-3)"
      strokeWidth="2"
      strokeLinejoin="round"
    />
    <path
      d="M56 42a7 7 0 1 1 10 6.3c-2.4 1.2-3 2.6-3 5.2"
      fill="none"
      stroke="var(--pf-text-3)"
      strokeWidth="3"
      strokeLinecap="round"
    />
    <circle cx="63" cy="61" r="2" fill="var(--pf-text-3)" />
  </>
);

/** A screen still being built: a striped barrier with its lamps. */
const comingSoon = (
  <>
    {ground}
    <g fill="var(--pf-text-3)">
      <rect x="36" y="48" width="4" height="32" rx="1" />
      <rect x="80" y="48" width="4" height="32" rx="1" />
      <rect x="30" y="78" width="16" height="3" rx="1.5" />
      <rect x="74" y="78" width="16" height="3" rx="1.5" />
    </g>
    <rect
      x="26"
      y="34"
      width="68"
      height="16"
      rx="3"
      fill="var(--pf-surface-2)"
      stroke="var(--pf-text-3)"
      strokeWidth="2"
    />
    <g fill="var(--pf-warning)">
      <path d="M36 35h8l-8 14h-8z" />
      <path d="M52 35h8l-8 14h-8z" />
      <path d="M68 35h8l-8 14h-8z" />
      <path d="M84 35h8l-8 14h-8z" />
      <circle cx="38" cy="28" r="3.5" />
      <circle cx="82" cy="28" r="3.5" />
    </g>
  </>
);

const drawings: Readonly<Record<EmptyPicture, ReactElement>> = {
  noResults,
  empty,
  error,
  notFound,
  comingSoon,
};

/** One built-in picture (120 × 90, theme colours only), hidden from screen readers. */
export function EmptyPictureImage({ picture }: { readonly picture: EmptyPicture }) {
  return (
    <svg className="pf-empty__image" viewBox="0 0 120 90" aria-hidden="true" focusable="false">
      {drawings[picture]}
    </svg>
  );
}
