import { useEffect } from "react";
import type { RefObject } from "react";
import { positionMs } from "./playback";
import { useLatest } from "./playerUtils";

/** The viewing report (doPlay): the position in ms and how many reports this viewing sent before. */
export interface VideoPlayerReport {
  readonly seenMs: number;
  readonly renewCount?: number;
}

export interface ViewingReportOptions {
  readonly video: HTMLVideoElement | null;
  /** Nothing is reported until playback has started. */
  readonly playedRef: RefObject<boolean>;
  /** The last position seen, when the element's clock already reads 0. */
  readonly positionRef: RefObject<number>;
  readonly onClose?: (report: VideoPlayerReport) => void;
}

/**
 * Reports the watched position on pagehide and on unmount, counting the reports. Call it before
 * the engine (`useShakaEngine`): effects clean up in order, so it reads the position before shaka
 * unloads.
 */
export function useViewingReport({ video, playedRef, positionRef, onClose }: ViewingReportOptions) {
  const latest = useLatest({ onClose });
  useEffect(() => {
    if (video === null) return undefined;
    let reports = 0;
    const report = () => {
      if (!playedRef.current) return;
      const seconds = video.currentTime || positionRef.current;
      latest.current.onClose?.({ seenMs: positionMs(seconds), renewCount: reports });
      reports += 1;
    };
    window.addEventListener("pagehide", report);
    return () => {
      window.removeEventListener("pagehide", report);
      report();
    };
  }, [video, latest, playedRef, positionRef]);
}
