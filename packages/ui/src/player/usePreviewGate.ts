import { isPastPreviewLimit } from "@platform/domain";
import { useEffect, useRef } from "react";

/** Seeking back this far below the limit makes the next crossing prompt again. */
const REARM_SECONDS = 0.25;

/** The media events that can move playback past the limit. */
const gateEvents = ["timeupdate", "seeking", "play", "ended"] as const;

/**
 * Keeps a preview inside its free-time limit (spec §4): when playback passes it (playing on, a
 * seek past it, pressing play at it) the media is paused, rewound to the limit, and `onLimit`
 * fires once for that crossing. A locked viewer's playlist ends at the limit, so the media ending
 * while a limit applies prompts too. Returns the function that detaches the gate.
 */
export function attachPreviewGate(
  media: HTMLMediaElement,
  limitSeconds: number,
  onLimit: () => void,
): () => void {
  let prompted = false;
  const prompt = () => {
    if (prompted) return;
    prompted = true;
    onLimit();
  };
  const check = (event: Event) => {
    // Pressing play is a new attempt to go on: it prompts again.
    if (event.type === "play") prompted = false;
    const time = media.currentTime;
    if (event.type === "ended") {
      if (time > limitSeconds) media.currentTime = limitSeconds;
      prompt();
      return;
    }
    if (!isPastPreviewLimit(time, limitSeconds)) {
      if (time < limitSeconds - REARM_SECONDS) prompted = false;
      return;
    }
    if (!media.paused) media.pause();
    if (time > limitSeconds) media.currentTime = limitSeconds;
    prompt();
  };
  for (const type of gateEvents) media.addEventListener(type, check);
  return () => {
    for (const type of gateEvents) media.removeEventListener(type, check);
  };
}

/**
 * The preview gate on a media element while `limitSeconds` is a number; `null` (the video plays
 * fully, e.g. after a purchase) lifts it.
 */
export function usePreviewGate(
  media: HTMLMediaElement | null,
  limitSeconds: number | null,
  onLimit?: () => void,
): void {
  const onLimitRef = useRef(onLimit);
  useEffect(() => {
    onLimitRef.current = onLimit;
  });
  useEffect(() => {
    if (media === null || limitSeconds === null) return undefined;
    return attachPreviewGate(media, limitSeconds, () => onLimitRef.current?.());
  }, [media, limitSeconds]);
}
