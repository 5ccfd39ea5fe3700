import { describe, expect, it } from "vitest";
import { MessageKey } from "./messages";
import {
  authorNameOf,
  canWatchFully,
  coverOf,
  coverSrcSet,
  posterOf,
  defaultVideoListFilters,
  durationBucketOf,
  durationRangeOf,
  isPastPreviewLimit,
  isVerticalVideo,
  lockReason,
  previewLimitSeconds,
  reviewStatusOf,
  reviewTipOf,
  watchLevelLabel,
  watchLevelOfPriceFilter,
  publicFileUrl,
} from "./video";

describe("watchLevelLabel", () => {
  it.each([
    ["SVIP", MessageKey.levelSuper],
    ["CHARGE", MessageKey.levelPay],
    ["FREE", null],
    [null, null],
    ["OTHER", null],
  ])("%s → %s", (level, label) => {
    expect(watchLevelLabel(level)).toBe(label);
  });
});

describe("access to a whole video", () => {
  it.each([
    // level, isVip, isBuy, full, lock reason
    ["FREE", false, false, true, null],
    ["SVIP", false, false, false, "membership"],
    ["SVIP", true, false, true, null],
    ["SVIP", false, true, false, "membership"], // buying does not make one a member
    ["CHARGE", false, false, false, "purchase"],
    ["CHARGE", true, false, false, "purchase"], // members still buy charge videos
    ["CHARGE", false, true, true, null],
    ["NEW_LEVEL", true, true, false, "purchase"], // unknown levels stay locked
  ])("%s vip=%s bought=%s → full %s", (watchLevel, isVip, isBuy, full, reason) => {
    const p = { watchLevel, vipInfo: { isVip }, buyInfo: { isBuy } };
    expect(canWatchFully(p)).toBe(full);
    expect(lockReason(p)).toBe(reason);
  });

  it("missing privilege blocks count as no right", () => {
    expect(canWatchFully({ watchLevel: "SVIP" })).toBe(false);
    expect(canWatchFully({ watchLevel: "CHARGE", buyInfo: null })).toBe(false);
  });
});

describe("preview limit", () => {
  const locked = { watchLevel: "CHARGE", buyInfo: { isBuy: false } };
  it.each([
    [locked, 15_000, 15],
    [locked, null, 0],
    [locked, -5, 0],
    [{ watchLevel: "FREE" }, 15_000, null],
  ])("%j with %s ms free → %s s", (p, freeMs, limit) => {
    expect(previewLimitSeconds(p, freeMs)).toBe(limit);
  });

  it.each([
    [14.99, 15, false],
    [15, 15, true],
    [16, 15, true],
    [1000, null, false],
  ])("at %s s with limit %s → past %s", (t, limit, past) => {
    expect(isPastPreviewLimit(t, limit)).toBe(past);
  });
});

describe("review status codes", () => {
  const table: [number, string, string, string | null][] = [
    [15, "uploading", "info", MessageKey.statusUploading],
    [10, "uploadFailed", "error", MessageKey.statusUploadFailed],
    ...[20, 25, 30, 40, 50, 77].map((c): [number, string, string, string] => [
      c,
      "reviewing",
      "info",
      MessageKey.statusReviewing,
    ]),
    ...[18, 60, 70, 86].map((c): [number, string, string, string] => [
      c,
      "reviewFailed",
      "error",
      MessageKey.statusReviewFailed,
    ]),
    [99, "published", "success", null],
  ];
  it.each(table)("code %s → %s (%s)", (code, phase, severity, label) => {
    expect(reviewStatusOf(code)).toEqual({ code, phase, severity, label });
  });

  it.each([[0], [11], [100], [null], [undefined]])("unlisted code %s → null", (code) => {
    expect(reviewStatusOf(code)).toBeNull();
  });
});

describe("review tip on a row", () => {
  it.each([
    // auditTime, type, shows phase
    [null, 20, "reviewing"],
    [undefined, 10, "uploadFailed"],
    ["", 86, "reviewFailed"],
    [null, 15, "uploading"],
    ["2026-11-01 10:00:00", 20, null], // audited: no tip
    [1_700_000_000_000, 60, null],
    [null, 99, null], // published: listed, but has no label
    [null, 11, null], // not in the listed set
    [null, null, null],
  ])("auditTime %s, type %s → %s", (auditTime, type, phase) => {
    expect(reviewTipOf({ auditTime, type })?.phase ?? null).toBe(phase);
  });
});

describe("covers", () => {
  const base = { coverFileUrl: "/c.jpg", coverImage: "/i.jpg", verticalCoverUrl: "/v.jpg" };
  it.each([
    [{ ...base, videoWidth: 720, videoHeight: 1280 }, "/v.jpg", true],
    [{ ...base, videoWidth: 1280, videoHeight: 720 }, "/c.jpg", false],
    [{ ...base, videoWidth: 720, videoHeight: 720 }, "/c.jpg", false],
    [{ ...base, videoWidth: 720, videoHeight: 1280, verticalCoverUrl: "" }, "/c.jpg", true],
    [{ coverImage: "/i.jpg", videoWidth: 1280, videoHeight: 720 }, "/i.jpg", false],
    [{ videoWidth: null, videoHeight: 1280, verticalCoverUrl: "/v.jpg" }, null, false],
    [{}, null, false],
  ])("%j → %s", (v, cover, vertical) => {
    expect(coverOf(v)).toBe(cover);
    expect(isVerticalVideo(v)).toBe(vertical);
  });
});

describe("authorNameOf", () => {
  it.each([
    [{ nickName: "Ann", createUserName: "ann01" }, "Ann"],
    [{ nickName: "", createUserName: "ann01" }, "ann01"],
    [{ nickName: null, createUserName: null }, ""],
  ])("%j → %s", (v, name) => {
    expect(authorNameOf(v)).toBe(name);
  });
});

describe("list filters", () => {
  it("defaults to everything, default sort", () => {
    expect(defaultVideoListFilters).toEqual({ price: "all", sort: "default", duration: "all", tag: null });
  });

  it.each([
    ["all", null],
    ["free", "FREE"],
    ["paid", "CHARGE"],
    ["super", "SVIP"],
  ] as const)("price %s → level %s", (filter, level) => {
    expect(watchLevelOfPriceFilter(filter)).toBe(level);
  });

  const min = 60_000;
  it.each([
    [0, "0-10"],
    [10 * min, "0-10"],
    [10 * min + 1, "11-30"],
    [30 * min, "11-30"],
    [30 * min + 1, "31-60"],
    [60 * min, "31-60"],
    [60 * min + 1, "60+"],
    [5 * 60 * min, "60+"],
  ])("%s ms → bucket %s", (ms, bucket) => {
    const got = durationBucketOf(ms);
    expect(got).toBe(bucket);
    const range = durationRangeOf(got);
    expect(ms).toBeGreaterThanOrEqual(range.minMs);
    if (range.maxMs !== null) expect(ms).toBeLessThanOrEqual(range.maxMs);
  });

  it("'all' spans every length", () => {
    expect(durationRangeOf("all")).toEqual({ minMs: 0, maxMs: null });
  });
});

describe("posterOf", () => {
  it("is a seed cover's widest WebP rendition, or any other picture as it is", () => {
    expect(posterOf("/api/media/covers/aurora-1a2b/cover.jpg")).toBe(
      "/api/media/covers/aurora-1a2b/cover.w640.webp",
    );
    expect(posterOf("/api/media/covers/sky-9/vertical.jpg")).toBe(
      "/api/media/covers/sky-9/vertical.w360.webp",
    );
    expect(posterOf("/api/upload/pictures/abc.jpg")).toBe("/api/upload/pictures/abc.jpg");
  });
});

describe("coverSrcSet", () => {
  it("lists a seed cover's WebP renditions by width, and nothing for other pictures", () => {
    expect(coverSrcSet("/api/media/covers/aurora-1a2b/cover.jpg")).toBe(
      "/api/media/covers/aurora-1a2b/cover.w320.webp 320w, /api/media/covers/aurora-1a2b/cover.w640.webp 640w",
    );
    expect(coverSrcSet("/api/media/covers/sky-9/vertical.jpg")).toBe(
      "/api/media/covers/sky-9/vertical.w180.webp 180w, /api/media/covers/sky-9/vertical.w360.webp 360w",
    );
    for (const other of [
      "/api/upload/pictures/abc.jpg",
      "https://cdn.example/api/media/covers/a/cover.jpg",
      "/api/media/covers/a/cover.png",
      "/api/media/covers/../cover.jpg",
      "",
    ]) {
      expect(coverSrcSet(other), other).toBeNull();
    }
  });
});

describe("publicFileUrl", () => {
  it("is the relative path the server serves a finished picture at, the key's folders kept", () => {
    expect(publicFileUrl("PUBLIC", "picture/7/cover.png")).toBe(
      "/api/media/files/PUBLIC/picture/7/cover.png",
    );
  });
});
