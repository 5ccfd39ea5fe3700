import type { ReactNode } from "react";
import { EmptyPictureImage } from "./EmptyPictures";
import type { EmptyPicture } from "./EmptyPictures";
import "./EmptyState.css";

export type { EmptyPicture };

export interface EmptyStateProps {
  /** The sentence under the image ('no comments yet', 'no search results', 'no history'…). */
  readonly description: ReactNode;
  /** An image URL; the built-in illustration otherwise. */
  readonly image?: string;
  /** The built-in picture to show when no `image` is given (default `noResults`). */
  readonly picture?: EmptyPicture;
  /** A follow-up action (a button or link), shown under the description. */
  readonly action?: ReactNode;
  readonly compact?: boolean;
}

/** The empty-state block: an image and a description (spec §2). */
export function EmptyState({
  description,
  image,
  picture = "noResults",
  action,
  compact = false,
}: EmptyStateProps) {
  return (
    <div
      className={`pf-empty${compact ? " pf-empty--compact" : ""}`}
      data-picture={image === undefined ? picture : undefined}
    >
      {image === undefined ? (
        <EmptyPictureImage picture={picture} />
      ) : (
        <img className="pf-empty__image" src={image} alt="" />
      )}
      <p className="pf-empty__text">{description}</p>
      {action}
    </div>
  );
}
