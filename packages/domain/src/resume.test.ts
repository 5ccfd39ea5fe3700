import { describe, expect, it } from "vitest";
import { WatchLevel } from "./enums";
import { resumePositionMs, resumeSeconds, videoStartSeconds } from "./resume";

describe("where a video starts", () => {
  it("resumes at the saved position", () => {
    expect(resumePositionMs(12_345, 100_000)).toBe(12_345);
  });
  it("starts at the beginning without a position", () => {
    expect(resumePositionMs(null, 100_000)).toBe(0);
    expect(resumePositionMs(undefined, 100_000)).toBe(0);
    expect(resumePositionMs(0, 100_000)).toBe(0);
    expect(resumePositionMs(Number.NaN, 100_000)).toBe(0);
  });
  it("starts again when the video was watched to (nearly) its end", () => {
    expect(resumePositionMs(100_000, 100_000)).toBe(0);
    expect(resumePositionMs(97_000, 100_000)).toBe(0);
    expect(resumePositionMs(96_999, 100_000)).toBe(96_999);
  });
});

describe("resumeSeconds", () => {
  it("resumes at the saved position below the limit or without one", () => {
    expect(resumeSeconds(12_500, 30)).toBe(12.5);
    expect(resumeSeconds(600_000, null)).toBe(600);
  });

  it("clamps a position at or past the preview limit to just before it", () => {
    expect(resumeSeconds(30_000, 30)).toBe(27);
    expect(resumeSeconds(95_000, 30)).toBe(27);
    expect(resumeSeconds(5_000, 2)).toBe(0);
    expect(resumeSeconds(5_000, 0)).toBe(0);
  });

  it("starts at 0 without a position or with a nonsense one", () => {
    expect(resumeSeconds(undefined, 30)).toBe(0);
    expect(resumeSeconds(null, null)).toBe(0);
    expect(resumeSeconds(-400, null)).toBe(0);
    expect(resumeSeconds(Number.NaN, 30)).toBe(0);
  });
});

describe("videoStartSeconds", () => {
  const free = { watchLevel: WatchLevel.FREE };
  const locked = { watchLevel: WatchLevel.CHARGE, buyInfo: { isBuy: false } };
  it("resumes a free video where it was left, and starts a finished one again", () => {
    expect(videoStartSeconds({ seenMs: 42_000, videoLength: 100_000, privileges: free })).toBe(42);
    expect(videoStartSeconds({ seenMs: 99_000, videoLength: 100_000, privileges: free })).toBe(0);
    expect(videoStartSeconds({ videoLength: 100_000, privileges: free })).toBe(0);
  });
  it("keeps a locked viewer's start inside the preview", () => {
    expect(
      videoStartSeconds({ seenMs: 42_000, videoLength: 100_000, freeTimeMs: 30_000, privileges: locked }),
    ).toBe(27);
    expect(
      videoStartSeconds({ seenMs: 12_000, videoLength: 100_000, freeTimeMs: 30_000, privileges: locked }),
    ).toBe(12);
  });
});
