import { describe, expect, it } from "vitest";
import { formatDateTime } from "./time";

/** What formatDateTime wrote before it wrote fields one by one (issue 41). */
const byIso = (date: Date, offset: number) =>
  new Date(date.getTime() + offset * 60_000).toISOString().replace("T", " ").slice(0, 19);

describe("formatDateTime", () => {
  it("writes YYYY-MM-DD HH:mm:ss in the caller's zone", () => {
    const at = new Date("2026-11-24T16:05:09.987Z");
    expect(formatDateTime(at, 480)).toBe("2026-11-25 00:05:09");
    expect(formatDateTime(at, 0)).toBe("2026-11-24 16:05:09");
    expect(formatDateTime(at, -330)).toBe("2026-11-24 10:35:09");
  });

  it("writes what toISOString wrote, across years, zones and odd dates", () => {
    const offsets = [480, 0, -720, 840, 345, -210];
    for (let i = 0; i < 5_000; i++) {
      const at = new Date(Date.UTC(1000, 0, 1) + i * 56_003_117_777);
      for (const offset of offsets) expect(formatDateTime(at, offset)).toBe(byIso(at, offset));
    }
    for (const at of [new Date("0999-12-31T23:59:59Z"), new Date("9999-12-31T20:00:00Z"), new Date(-1)])
      for (const offset of offsets) expect(formatDateTime(at, offset)).toBe(byIso(at, offset));
  });

  it("refuses an invalid date, as toISOString did", () => {
    expect(() => formatDateTime(new Date(Number.NaN), 480)).toThrow(RangeError);
  });
});
