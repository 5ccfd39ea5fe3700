import { useState } from "react";
import { Icon } from "../icons/Icon";
import "./Avatar.css";

export interface AvatarProps {
  /** The picture (a user's avatarFileUrl); missing or broken → `fallbackSrc`. */
  readonly src?: string | null;
  /** The product logo kept in local storage (spec §3), used when the avatar is missing or broken. */
  readonly fallbackSrc?: string | null;
  /** Pixel size of the circle (default 48). */
  readonly size?: number;
  /** Alt text; empty (decorative) by default because a name is shown beside it. */
  readonly alt?: string;
}

/**
 * A round avatar that falls back to the logo when the picture is missing or fails to load, and to a
 * drawn silhouette when the logo fails too.
 */
export function Avatar({ src, fallbackSrc, size = 48, alt = "" }: AvatarProps) {
  const [broken, setBroken] = useState<readonly string[]>([]);
  const candidates = [src, fallbackSrc].filter(
    (url): url is string => typeof url === "string" && url !== "" && !broken.includes(url),
  );
  const url = candidates[0];
  const style = { width: size, height: size };
  if (url === undefined) {
    return (
      <span className="pf-avatar pf-avatar--placeholder" style={style} data-testid="avatar-placeholder">
        <Icon name="user" size={Math.round(size * 0.6)} />
      </span>
    );
  }
  return (
    <img
      key={url}
      className="pf-avatar"
      style={style}
      src={url}
      alt={alt}
      onError={() => {
        setBroken((list) => [...list, url]);
      }}
    />
  );
}
