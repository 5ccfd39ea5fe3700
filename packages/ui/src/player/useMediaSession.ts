import { useEffect } from "react";
import { DOUBLE_TAP_SEEK_SECONDS } from "./playback";
import { noop, playQuietly } from "./playerUtils";

export interface MediaSessionOptions {
  readonly video: HTMLVideoElement | null;
  readonly title?: string;
  readonly author?: string;
  readonly poster?: string;
  /** Seeks by a delta in seconds (kept within the preview). */
  readonly seekBy: (deltaSeconds: number) => void;
}

/**
 * Media Session: the lock screen and notification show the title, author and poster, and their
 * play, pause and seek buttons act on the player.
 */
export function useMediaSession({ video, title, author, poster, seekBy }: MediaSessionOptions) {
  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return undefined;
    if (typeof MediaMetadata === "undefined") return undefined;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({
      title: title ?? "",
      artist: author ?? "",
      artwork: poster ? [{ src: poster }] : [],
    });
    return () => {
      session.metadata = null;
    };
  }, [title, author, poster]);

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator) || video === null) {
      return undefined;
    }
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      [
        "play",
        () => {
          playQuietly(video);
        },
      ],
      [
        "pause",
        () => {
          video.pause();
        },
      ],
      [
        "seekbackward",
        () => {
          seekBy(-DOUBLE_TAP_SEEK_SECONDS);
        },
      ],
      [
        "seekforward",
        () => {
          seekBy(DOUBLE_TAP_SEEK_SECONDS);
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        noop();
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          noop();
        }
      }
    };
  }, [video, seekBy]);
}
