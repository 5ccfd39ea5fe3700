import { describe, expect, it } from "vitest";
import { resumePositionMs } from "./resume";

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
