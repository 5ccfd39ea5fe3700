/** Pull to refresh: how far the list follows the finger, and when letting go refreshes. */

/** The list moves half as far as the finger (so a pull feels heavy)… */
const RESISTANCE = 0.5;
/** …and no further than this, in px. */
export const PULL_MAX_PX = 96;
/** Letting go past this distance (px) refreshes. */
export const PULL_THRESHOLD_PX = 56;
/** Height of the indicator while the refresh runs, in px. */
export const PULL_REFRESHING_PX = 44;

export type PullPhase = "idle" | "pulling" | "armed" | "refreshing";

/** How far the list is pulled for a finger `dy` px below where it touched (never up). */
export function pullDistance(dy: number): number {
  if (!(dy > 0)) return 0;
  return Math.min(PULL_MAX_PX, Math.round(dy * RESISTANCE));
}

export function pullPhase(distance: number, refreshing: boolean): PullPhase {
  if (refreshing) return "refreshing";
  if (distance <= 0) return "idle";
  return distance >= PULL_THRESHOLD_PX ? "armed" : "pulling";
}

/** A pull may start only on a list at its very top (otherwise the touch scrolls the list). */
export function canStartPull(atTop: boolean, refreshing: boolean): boolean {
  return atTop && !refreshing;
}
