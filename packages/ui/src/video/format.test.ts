import { describe, expect, it } from "vitest";
import { formatDateTime, formatPlayCount } from "./format";

describe("formatPlayCount", () => {
  it.each([
    [0, "0", "0"],
    [999, "999", "999"],
    [1234, "1234", "1.2K"],
    [12_000, "1.2万", "12K"],
    [123_456, "12.3万", "123.5K"],
    [100_000_000, "1亿", "100M"],
  ])("%i is %s in zh-CN and %s in en-US", (count, zh, en) => {
    expect(formatPlayCount(count, "zh-CN")).toBe(zh);
    expect(formatPlayCount(count, "en-US")).toBe(en);
  });

  it("shows 0 for a missing, negative or non-finite count", () => {
    for (const count of [null, undefined, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatPlayCount(count, "en-US")).toBe("0");
    }
  });
});

describe("formatDateTime", () => {
  it("shows the server's local time to the minute in the locale", () => {
    expect(formatDateTime("2024-05-01 09:05:33", "zh-CN")).toBe("2024/05/01 09:05");
    expect(formatDateTime("2024-05-01 19:05:33", "en-US")).toBe("05/01/2024, 19:05");
    expect(formatDateTime(new Date(2024, 0, 2, 3, 4).getTime(), "zh-CN")).toBe("2024/01/02 03:04");
  });

  it("shows text it cannot read as it came", () => {
    expect(formatDateTime("yesterday", "zh-CN")).toBe("yesterday");
  });
});
