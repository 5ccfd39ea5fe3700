import { previewLimitSeconds } from "./video";
import type { VideoPrivileges } from "./video";

/** Where a video starts playing (spec §4 resume): the same rule in the app and in the server's page. */

/** Closer than this to the end counts as watched to the end. */
export const FINISHED_WITHIN_MS = 3000;
/** A resume position at or past the preview limit starts this many seconds before it. */
export const RESUME_BEFORE_LIMIT_SECONDS = 3;

function finiteOr(value: number | null | undefined, fallback: number): number {
  return value != null && Number.isFinite(value) ? value : fallback;
}

/**
 * Where a video starts: the saved position (`seenMs`), or the beginning when there is none or the
 * viewer had watched it to (nearly) the end — opening it again means watching it again.
 */
export function resumePositionMs(seenMs: number | null | undefined, videoLengthMs: number): number {
  if (seenMs == null || !Number.isFinite(seenMs) || seenMs <= 0) return 0;
  if (videoLengthMs > 0 && seenMs >= videoLengthMs - FINISHED_WITHIN_MS) return 0;
  return seenMs;
}

/**
 * Where playback starts, in seconds: the saved position, kept below the preview limit (a viewer
 * resuming at or past it starts a few seconds before it, or at 0 for a shorter preview).
 */
export function resumeSeconds(
  startPositionMs: number | null | undefined,
  limitSeconds: number | null,
): number {
  const start = Math.max(0, finiteOr(startPositionMs, 0) / 1000);
  if (limitSeconds === null || start < limitSeconds) return start;
  return Math.max(0, limitSeconds - RESUME_BEFORE_LIMIT_SECONDS);
}

/** What a video's info says about where its playback starts (getInfoById's fields). */
export interface VideoStart {
  readonly seenMs?: number | null;
  readonly videoLength: number;
  readonly freeTimeMs?: number | null;
  readonly privileges: VideoPrivileges;
}

/** The second a viewer's playback of a video starts at: resumed, and within their preview. */
export function videoStartSeconds(video: VideoStart): number {
  return resumeSeconds(
    resumePositionMs(video.seenMs, video.videoLength),
    previewLimitSeconds(video.privileges, video.freeTimeMs),
  );
}
