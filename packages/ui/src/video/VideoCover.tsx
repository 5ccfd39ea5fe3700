import { coverOf, coverSrcSet, isVerticalVideo } from "@platform/domain";
import type { CoverFields } from "@platform/domain";
import { useState } from "react";
import type { ReactNode } from "react";
import { Icon } from "../icons/Icon";
import "./VideoCover.css";

export interface VideoCoverProps {
  readonly video: CoverFields;
  readonly className?: string;
  /** Overlays drawn over the picture (badge, play count, duration, progress). */
  readonly children?: ReactNode;
  /** How wide the cover is shown (`sizes`), for the browser to pick its rendition. */
  readonly sizes?: string;
  /**
   * One of the first covers of a list, likely the page's largest picture: loaded at once and at high
   * priority instead of lazily.
   */
  readonly priority?: boolean;
}

/**
 * A card's cover: the vertical cover for vertical videos (domain `coverOf`), lazily loaded (the
 * first ones of a list at once: `priority`) over a token-coloured placeholder that stays when there
 * is no picture or the picture fails to load. A seed cover comes as WebP at the width the card
 * needs (domain `coverSrcSet`; the JPEG for browsers without WebP). Decorative (`alt=""`): the
 * card's title names the video.
 */
export function VideoCover({
  video,
  className,
  children,
  sizes = "50vw",
  priority = false,
}: VideoCoverProps) {
  const src = coverOf(video);
  const vertical = isVerticalVideo(video);
  return (
    <div
      className={["pf-video-cover", vertical ? "pf-video-cover--vertical" : "", className ?? ""].join(" ")}
      data-vertical={vertical || undefined}
    >
      <Icon name="play" size={20} className="pf-video-cover__placeholder" />
      {src !== null ? <CoverImage key={src} src={src} sizes={sizes} priority={priority} /> : null}
      {children}
    </div>
  );
}

function CoverImage({
  src,
  sizes,
  priority,
}: {
  readonly src: string;
  readonly sizes: string;
  readonly priority: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  const srcSet = coverSrcSet(src);
  const image = (
    <img
      className="pf-video-cover__image"
      src={src}
      alt=""
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      draggable={false}
      onError={() => {
        setFailed(true);
      }}
    />
  );
  if (srcSet === null) return image;
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      {image}
    </picture>
  );
}
