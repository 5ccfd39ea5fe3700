import { describe, expect, it } from "vitest";
import { PULL_MAX_PX, PULL_THRESHOLD_PX, canStartPull, pullDistance, pullPhase } from "./pull";

describe("pull to refresh", () => {
  it("follows the finger at half its distance, never up and never past the maximum", () => {
    expect(pullDistance(-30)).toBe(0);
    expect(pullDistance(0)).toBe(0);
    expect(pullDistance(40)).toBe(20);
    expect(pullDistance(1000)).toBe(PULL_MAX_PX);
    expect(pullDistance(Number.NaN)).toBe(0);
  });

  it("arms past the threshold; a running refresh wins", () => {
    expect(pullPhase(0, false)).toBe("idle");
    expect(pullPhase(PULL_THRESHOLD_PX - 1, false)).toBe("pulling");
    expect(pullPhase(PULL_THRESHOLD_PX, false)).toBe("armed");
    expect(pullPhase(0, true)).toBe("refreshing");
  });

  it("starts only on a list at its top, and not during a refresh", () => {
    expect(canStartPull(true, false)).toBe(true);
    expect(canStartPull(false, false)).toBe(false);
    expect(canStartPull(true, true)).toBe(false);
  });
});
