/** Closer than this to the end counts as watched to the end. */
export const FINISHED_WITHIN_MS = 3000;

/**
 * Where a video starts: the saved position (`seenMs`), or the beginning when there is none or the
 * viewer had watched it to (nearly) the end — opening it again means watching it again.
 */
export function resumePositionMs(seenMs: number | null | undefined, videoLengthMs: number): number {
  if (seenMs == null || !Number.isFinite(seenMs) || seenMs <= 0) return 0;
  if (videoLengthMs > 0 && seenMs >= videoLengthMs - FINISHED_WITHIN_MS) return 0;
  return seenMs;
}
