import { describe, expect, it } from "vitest";
import { firstPageParam, hasNextPage, nextPageNumber, nextPageParam, shouldLoadMore } from "./paging";

describe("hasNextPage", () => {
  it.each([
    [0, false],
    [9, false],
    [10, true],
    [11, false], // a server that ignores the size is not trusted to have more
  ])("last page of %s (size 10) → %s", (count, more) => {
    expect(hasNextPage(count)).toBe(more);
  });

  it("takes another page size", () => {
    expect(hasNextPage(20, 20)).toBe(true);
  });
});

describe("shouldLoadMore", () => {
  // A 1000 px list in a 600 px viewport: the bottom is reached at scrollTop 400.
  const at = (scrollTop: number, extra: Partial<Parameters<typeof shouldLoadMore>[0]> = {}) =>
    shouldLoadMore({
      scrollTop,
      clientHeight: 600,
      scrollHeight: 1000,
      lastPageFull: true,
      loading: false,
      ...extra,
    });

  it.each([
    [319, false], // 81 px from the bottom
    [320, true], // 80
    [321, true], // 79
    [400, true], // at the bottom
  ])("scrollTop %s → %s", (scrollTop, load) => {
    expect(at(scrollTop)).toBe(load);
  });

  it("never while a page is loading", () => {
    expect(at(400, { loading: true })).toBe(false);
  });

  it("never after a short last page", () => {
    expect(at(400, { lastPageFull: false })).toBe(false);
  });

  it("takes another threshold", () => {
    expect(at(300, { threshold: 100 })).toBe(true);
  });
});

describe("nextPageNumber", () => {
  it.each([
    [0, 1],
    [1, 2],
    [4, 5],
  ])("%s loaded → page %s", (loaded, next) => {
    expect(nextPageNumber(loaded)).toBe(next);
  });
});

describe("nextPageParam (decision 0016)", () => {
  const records = (n: number) => Array.from({ length: n }, (_, i) => i);

  it("starts a list by keyset", () => {
    expect(firstPageParam).toEqual({ current: 1, cursor: null });
  });

  it("goes on from the last page's cursor, numbering the pages", () => {
    expect(nextPageParam({ records: records(10), cursor: "MS4y" }, 1)).toEqual({
      current: 2,
      cursor: "MS4y",
    });
    expect(nextPageParam({ records: records(10), cursor: "Mw" }, 3)).toEqual({ current: 4, cursor: "Mw" });
  });

  it("stops where the server says the list ends, even after a full page", () => {
    expect(nextPageParam({ records: records(10), cursor: null }, 1)).toBeUndefined();
    expect(nextPageParam({ records: [], cursor: null }, 1)).toBeUndefined();
  });

  it("without a cursor (numbered pages), goes on only while the last page was full", () => {
    expect(nextPageParam({ records: records(10) }, 1)).toEqual({ current: 2 });
    expect(nextPageParam({ records: records(9) }, 1)).toBeUndefined();
    expect(nextPageParam({ records: records(20) }, 2, 20)).toEqual({ current: 3 });
  });
});
