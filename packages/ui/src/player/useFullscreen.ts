import { useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { noop } from "./playerUtils";

/** Screen orientation where locking may be missing (Safari, Firefox) or refused. */
interface LockableOrientation {
  lock?: (orientation: "landscape") => Promise<void>;
  unlock?: () => void;
}

function orientation(): LockableOrientation | null {
  if (typeof screen === "undefined" || !("orientation" in screen)) return null;
  const found: LockableOrientation = screen.orientation;
  return found;
}

/** Best effort: many browsers refuse (desktop, iOS); the video still plays full screen. */
function lockLandscape() {
  try {
    orientation()?.lock?.("landscape").catch(noop);
  } catch {
    noop();
  }
}

function unlockOrientation() {
  try {
    orientation()?.unlock?.();
  } catch {
    noop();
  }
}

/**
 * Full screen for the player: `containerRef` is the element that goes full screen (with the
 * controls); a landscape video also locks the screen to landscape where the browser allows it.
 */
export function useFullscreen(videoRef: RefObject<HTMLVideoElement | null>) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => {
      setFullscreen(
        document.fullscreenElement != null && document.fullscreenElement === containerRef.current,
      );
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => {
      document.removeEventListener("fullscreenchange", onChange);
    };
  }, []);

  const toggleFullscreen = () => {
    const container = containerRef.current;
    const media = videoRef.current;
    if (container === null || media === null) return;
    if (document.fullscreenElement != null) {
      void document.exitFullscreen().catch(noop);
      unlockOrientation();
      return;
    }
    if (typeof container.requestFullscreen === "function") {
      const landscape = media.videoWidth > 0 && media.videoWidth >= media.videoHeight;
      container.requestFullscreen().then(() => {
        if (landscape) lockLandscape();
      }, noop);
      return;
    }
    // iOS Safari: only the video element itself goes full screen.
    (media as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
  };

  return { containerRef, fullscreen, toggleFullscreen };
}
