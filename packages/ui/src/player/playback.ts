/** Pure rules of the player: source order, resume, seeking, taps. */
import { AUTO_QUALITY } from "./playerUtils";

/** One rendition of a video (getInfoById's `multiResolutionList`). */
export interface VideoSource {
  readonly resolution: string;
  readonly videoPlayUrl: string;
  /** The server marks the default rendition with true (older data: 1, "1" or "true"). */
  readonly defaultResolution?: boolean | number | string | null;
}

/** Seconds a double tap on the left or right third moves. */
export const DOUBLE_TAP_SEEK_SECONDS = 10;
/** Seconds the arrow keys move. */
export const KEY_SEEK_SECONDS = 5;
/** Two taps closer than this are a double tap. */
export const DOUBLE_TAP_MS = 300;

export function isDefaultSource(source: VideoSource): boolean {
  const flag = source.defaultResolution;
  return flag === true || flag === 1 || flag === "1" || flag === "true";
}

/**
 * The choices of the quality menu: with a master playlist, 'automatic' first and chosen (the player
 * starts at the lightest rendition and adapts up), then the renditions as the server lists them;
 * without one, the renditions alone.
 */
export function withAdaptive(
  sources: readonly VideoSource[],
  adaptiveUrl: string | null | undefined,
): VideoSource[] {
  if (adaptiveUrl == null || adaptiveUrl === "") return [...sources];
  return [
    { resolution: AUTO_QUALITY, videoPlayUrl: adaptiveUrl, defaultResolution: true },
    ...sources.map((source) => ({ ...source, defaultResolution: false })),
  ];
}

/** The renditions in menu order: the default one first, the others as the server lists them. */
export function orderSources<S extends VideoSource>(sources: readonly S[]): S[] {
  const index = sources.findIndex(isDefaultSource);
  const first = sources[index];
  if (index <= 0 || first === undefined) return [...sources];
  return [first, ...sources.slice(0, index), ...sources.slice(index + 1)];
}

function finiteOr(value: number | null | undefined, fallback: number): number {
  return value != null && Number.isFinite(value) ? value : fallback;
}

/**
 * The position a relative seek lands on: never before 0, past the end, or past the preview limit.
 * An unknown duration (NaN before metadata, Infinity for live) bounds nothing.
 */
export function seekTarget(
  currentSeconds: number,
  deltaSeconds: number,
  bounds: { readonly limitSeconds: number | null; readonly durationSeconds?: number | null },
): number {
  return clampPosition(finiteOr(currentSeconds, 0) + deltaSeconds, bounds);
}

/** An absolute position kept within [0, min(duration, preview limit)]. */
export function clampPosition(
  seconds: number,
  bounds: { readonly limitSeconds: number | null; readonly durationSeconds?: number | null },
): number {
  const duration = finiteOr(bounds.durationSeconds, Infinity);
  const end = Math.min(duration, bounds.limitSeconds ?? Infinity);
  return Math.max(0, Math.min(finiteOr(seconds, 0), end));
}

export type TapZone = "back" | "middle" | "forward";

/** Which third of the surface a tap hit (x from the surface's left edge). */
export function tapZone(x: number, width: number): TapZone {
  if (!(width > 0)) return "middle";
  const fraction = x / width;
  if (fraction < 1 / 3) return "back";
  if (fraction > 2 / 3) return "forward";
  return "middle";
}

/** A position in whole milliseconds (what doPlay's `seenMs` takes). */
export function positionMs(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0;
}
