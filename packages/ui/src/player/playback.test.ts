import { describe, expect, it } from "vitest";
import { clampPosition, isDefaultSource, orderSources, positionMs, seekTarget, tapZone } from "./playback";

const source = (resolution: string, defaultResolution?: boolean | number | string) => ({
  resolution,
  videoPlayUrl: `/api/media/hls/1/${resolution}.m3u8`,
  defaultResolution,
});

describe("orderSources", () => {
  it("puts the default rendition first and keeps the others in server order", () => {
    const ordered = orderSources([source("360p", false), source("480p"), source("720p", true)]);
    expect(ordered.map((s) => s.resolution)).toEqual(["720p", "360p", "480p"]);
  });

  it("keeps the order when the default is first or missing, and never mutates its input", () => {
    const input = [source("360p"), source("720p")];
    expect(orderSources(input).map((s) => s.resolution)).toEqual(["360p", "720p"]);
    const withFirst = [source("480p", true), source("360p")];
    expect(orderSources(withFirst)).not.toBe(withFirst);
    expect(orderSources([])).toEqual([]);
  });

  it("reads older default flags (1, '1', 'true') and only the first default counts", () => {
    expect([true, 1, "1", "true"].map((flag) => isDefaultSource(source("x", flag)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([false, 0, "0", "false", undefined].map((flag) => isDefaultSource(source("x", flag)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    const ordered = orderSources([source("360p"), source("480p", 1), source("720p", true)]);
    expect(ordered.map((s) => s.resolution)).toEqual(["480p", "360p", "720p"]);
  });
});

describe("seeking", () => {
  it("moves by the delta within 0 and the duration", () => {
    expect(seekTarget(50, 10, { limitSeconds: null, durationSeconds: 120 })).toBe(60);
    expect(seekTarget(4, -10, { limitSeconds: null, durationSeconds: 120 })).toBe(0);
    expect(seekTarget(115, 10, { limitSeconds: null, durationSeconds: 120 })).toBe(120);
  });

  it("never passes the preview limit", () => {
    expect(seekTarget(25, 10, { limitSeconds: 30, durationSeconds: 120 })).toBe(30);
    expect(seekTarget(30, 10, { limitSeconds: 30 })).toBe(30);
    expect(seekTarget(30, -10, { limitSeconds: 30 })).toBe(20);
    expect(clampPosition(90, { limitSeconds: 30, durationSeconds: 120 })).toBe(30);
  });

  it("an unknown duration (before metadata, or live) bounds nothing", () => {
    expect(seekTarget(50, 10, { limitSeconds: null, durationSeconds: Number.NaN })).toBe(60);
    expect(seekTarget(50, 10, { limitSeconds: null, durationSeconds: Infinity })).toBe(60);
  });
});

describe("tapZone and positionMs", () => {
  it("splits the surface in thirds", () => {
    expect(tapZone(10, 300)).toBe("back");
    expect(tapZone(150, 300)).toBe("middle");
    expect(tapZone(290, 300)).toBe("forward");
    expect(tapZone(10, 0)).toBe("middle");
  });

  it("reports whole milliseconds", () => {
    expect(positionMs(12.345)).toBe(12_345);
    expect(positionMs(0)).toBe(0);
    expect(positionMs(Number.NaN)).toBe(0);
  });
});
