import { describe, expect, it } from "vitest";
import { hasNextPage, nextPageNumber, shouldLoadMore } from "./paging";

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
