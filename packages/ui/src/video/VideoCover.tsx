import { coverOf, isVerticalVideo } from "@platform/domain";
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
}

/**
 * A card's cover: the vertical cover for vertical videos (domain `coverOf`), lazily loaded over a
 * token-coloured placeholder that stays when there is no picture or the picture fails to load.
 * Decorative (`alt=""`): the card's title names the video.
 */
export function VideoCover({ video, className, children }: VideoCoverProps) {
  const src = coverOf(video);
  const vertical = isVerticalVideo(video);
  return (
    <div
      className={["pf-video-cover", vertical ? "pf-video-cover--vertical" : "", className ?? ""].join(" ")}
      data-vertical={vertical || undefined}
    >
      <Icon name="play" size={20} className="pf-video-cover__placeholder" />
      {src !== null ? <CoverImage key={src} src={src} /> : null}
      {children}
    </div>
  );
}

function CoverImage({ src }: { readonly src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className="pf-video-cover__image"
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => {
        setFailed(true);
      }}
    />
  );
}
