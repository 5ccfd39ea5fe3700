import { describe, expect, it } from "vitest";
import { MessageKey } from "./messages";
import {
  badgeText,
  deviceTimeZoneHeader,
  durationOf,
  languageHeader,
  maskPhone,
  relativeTimeOf,
  timeZoneHeader,
  vipTagOf,
} from "./format";

describe("relativeTimeOf", () => {
  // Local times, so the table holds in any time zone.
  const now = new Date(2026, 10, 22, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const s = 1000;
  const min = 60 * s;
  const h = 60 * min;
  const d = 24 * h;

  it.each([
    [0, MessageKey.justNow, undefined],
    [2 * min + 59 * s, MessageKey.justNow, undefined],
    [3 * min, MessageKey.minutesAgo, { count: 3 }],
    [59 * min + 59 * s, MessageKey.minutesAgo, { count: 59 }],
    [60 * min, MessageKey.hoursAgo, { count: 1 }],
    [23 * h + 59 * min + 59 * s, MessageKey.hoursAgo, { count: 23 }],
    [24 * h, MessageKey.daysAgo, { count: 1 }],
    [3 * d + 23 * h, MessageKey.daysAgo, { count: 3 }],
  ])("%s ms ago → %s %j", (ms, key, values) => {
    expect(relativeTimeOf(ago(ms), now)).toEqual(values ? { key, values } : { key });
  });

  it("past 3 days shows the date (local YYYY-MM-DD for a Date or epoch)", () => {
    expect(relativeTimeOf(ago(4 * d), now)).toEqual({ key: MessageKey.date, values: { date: "2026-11-18" } });
    expect(relativeTimeOf(ago(4 * d).getTime(), now.getTime())).toEqual({
      key: MessageKey.date,
      values: { date: "2026-11-18" },
    });
  });

  it("past 3 days shows the raw text the server sent", () => {
    expect(relativeTimeOf("2026-11-01 08:30:00", now)).toEqual({
      key: MessageKey.date,
      values: { date: "2026-11-01 08:30:00" },
    });
  });

  it("reads 'YYYY-MM-DD HH:mm:ss' as local time", () => {
    expect(relativeTimeOf("2026-11-22 11:55:00", now)).toEqual({
      key: MessageKey.minutesAgo,
      values: { count: 5 },
    });
  });

  it("reads ISO 8601 with an offset", () => {
    const iso = new Date(now.getTime() - 2 * h).toISOString();
    expect(relativeTimeOf(iso, now)).toEqual({ key: MessageKey.hoursAgo, values: { count: 2 } });
  });

  it("shows nothing for a future time", () => {
    expect(relativeTimeOf(new Date(now.getTime() + 1), now)).toBeNull();
  });

  it("shows unreadable text as it came", () => {
    expect(relativeTimeOf("yesterday-ish", now)).toEqual({
      key: MessageKey.date,
      values: { date: "yesterday-ish" },
    });
  });
});

describe("durationOf", () => {
  it.each([
    [0, "0:00"],
    [999, "0:00"],
    [1000, "0:01"],
    [59_999, "0:59"],
    [60_000, "1:00"],
    [605_000, "10:05"],
    [3_599_000, "59:59"],
    [3_599_999, "59:59"],
    [3_600_000, "1:00:00"],
    [3_661_000, "1:01:01"],
    [36_000_000, "10:00:00"],
    [-5, "0:00"],
    [Number.NaN, "0:00"],
    [Number.POSITIVE_INFINITY, "0:00"],
  ])("%s ms → %s", (ms, text) => {
    expect(durationOf(ms)).toBe(text);
  });
});

describe("maskPhone", () => {
  it.each([
    ["13812345678", "138****5678"],
    ["12345678", "123****5678"],
    ["1234567", "1234567"],
    ["", ""],
  ])("%j → %j", (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});

describe("badgeText", () => {
  it.each([
    [0, null],
    [-1, null],
    [Number.NaN, null],
    [1, "1"],
    [99, "99"],
    [100, "99+"],
    [12_345, "99+"],
    [5.7, "5"],
  ])("%s → %s", (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

describe("vipTagOf", () => {
  it.each([
    [{ isVip: true, isPermanent: true, remainDays: 10 }, { key: MessageKey.vipPermanent }],
    [
      { isVip: true, isPermanent: false, remainDays: 12 },
      { key: MessageKey.vipRemainingDays, values: { count: 12 } },
    ],
    [
      { isVip: true, isPermanent: false, remainDays: null },
      { key: MessageKey.vipRemainingDays, values: { count: 0 } },
    ],
    [
      { isVip: true, isPermanent: false, remainDays: -3 },
      { key: MessageKey.vipRemainingDays, values: { count: 0 } },
    ],
    [{ isVip: false, isPermanent: false }, { key: MessageKey.vipNone }],
  ])("%j → %j", (user, tag) => {
    expect(vipTagOf(user)).toEqual(tag);
  });
});

describe("headers", () => {
  it.each([
    [480, "GMT+08:00"],
    [0, "GMT+00:00"],
    [-330, "GMT-05:30"],
    [345, "GMT+05:45"],
    [-720, "GMT-12:00"],
  ])("%s minutes east → %s", (offset, header) => {
    expect(timeZoneHeader(offset)).toBe(header);
  });

  it("reads the device's offset with the right sign", () => {
    const fake = { getTimezoneOffset: () => -480 } as Date;
    expect(deviceTimeZoneHeader(fake)).toBe("GMT+08:00");
    expect(deviceTimeZoneHeader()).toMatch(/^GMT[+-]\d\d:\d\d$/);
  });

  it.each([
    ["zhCN", "zh_CN"],
    ["enUS", "en_US"],
  ] as const)("language %s → %s", (language, header) => {
    expect(languageHeader(language)).toBe(header);
  });
});
