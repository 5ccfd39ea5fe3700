import { useCallback, useRef, useState } from "react";
import { clampPosition, seekTarget } from "./playback";
import { playQuietly } from "./playerUtils";

/**
 * The <video> element and what it tells (playing, buffering, time, duration), with the actions on
 * it: play or pause, seek by a delta (kept within the preview), seek to a position. Spread
 * `events` on the element and give it `attach` as its ref.
 */
export function useMediaElement(previewLimitSeconds: number | null) {
  // The element in state (effects and the gate follow it) and in a ref (handlers change it).
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const attach = useCallback((node: HTMLVideoElement | null) => {
    videoRef.current = node;
    setVideo(node);
  }, []);
  const [playing, setPlaying] = useState(false);
  const [buffering, setBuffering] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  /** Playback has started at least once (the viewing report waits for it). */
  const playedRef = useRef(false);
  /** The last position seen, kept for when the element's clock is gone (unload, unmount). */
  const positionRef = useRef(0);

  const togglePlay = useCallback(() => {
    const media = videoRef.current;
    if (media === null) return;
    if (media.paused) playQuietly(media);
    else media.pause();
  }, []);

  const seekBy = useCallback(
    (delta: number) => {
      const media = videoRef.current;
      if (media === null) return;
      media.currentTime = seekTarget(media.currentTime, delta, {
        limitSeconds: previewLimitSeconds,
        durationSeconds: media.duration,
      });
    },
    [previewLimitSeconds],
  );

  const seekTo = (seconds: number) => {
    const media = videoRef.current;
    if (media === null) return;
    // Past the preview limit the gate rewinds and prompts.
    media.currentTime = clampPosition(seconds, { limitSeconds: null, durationSeconds: media.duration });
  };

  const onMediaTime = () => {
    const media = videoRef.current;
    if (media === null) return;
    positionRef.current = media.currentTime;
    setTime(media.currentTime);
  };

  const events = {
    onPlay: () => {
      playedRef.current = true;
      setPlaying(true);
    },
    onPause: () => {
      setPlaying(false);
      onMediaTime();
    },
    onEnded: () => {
      setPlaying(false);
    },
    onTimeUpdate: onMediaTime,
    onSeeked: () => {
      onMediaTime();
      setBuffering(false);
    },
    onDurationChange: () => {
      if (videoRef.current !== null) setDuration(videoRef.current.duration);
    },
    onLoadStart: () => {
      setBuffering(true);
    },
    onWaiting: () => {
      setBuffering(true);
    },
    onLoadedData: () => {
      setBuffering(false);
    },
    onCanPlay: () => {
      setBuffering(false);
    },
    onPlaying: () => {
      setBuffering(false);
    },
  };

  return {
    video,
    videoRef,
    attach,
    playing,
    buffering,
    time,
    duration,
    playedRef,
    positionRef,
    togglePlay,
    seekBy,
    seekTo,
    events,
  };
}
