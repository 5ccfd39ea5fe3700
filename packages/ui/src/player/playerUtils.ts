import { useEffect, useRef } from "react";

/** Small helpers the player's hooks share. */

/**
 * The quality of the master playlist (getInfoById's `adaptivePlayUrl`): the player adapts. Here,
 * not in playback.ts, so the quality menu (which /live shares) needs nothing of the video's chunk.
 */
export const AUTO_QUALITY = "auto";

export function noop() {
  // Failures here (autoplay refused, orientation lock unsupported) change nothing for the viewer.
}

/** play() returns a promise in current browsers (rejected when autoplay is refused), nothing in old ones. */
export function playQuietly(media: HTMLMediaElement) {
  const result = media.play() as Promise<void> | undefined;
  if (result !== undefined) result.catch(noop);
}

/** A ref always holding the latest render's value, for effects and handlers that outlive a render. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
