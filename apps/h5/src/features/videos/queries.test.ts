import { describe, expect, it } from "vitest";
import { VIDEO_PAGE_SIZE, nextVideoPageParam, videosOfPages } from "./queries";
import { page } from "./test/pages";

describe("video list paging", () => {
  it("goes on from the last page's cursor until the server gives none", () => {
    const three = [page(1, 10), page(2, 10), { ...page(3, 10), cursor: "Mw" }];
    expect(nextVideoPageParam({ ...page(3, 10), cursor: "Mw" }, three)).toEqual({ current: 4, cursor: "Mw" });
    expect(nextVideoPageParam({ ...page(3, 10), cursor: null }, three)).toBeUndefined();
  });

  it("without a cursor, has another page only while the last page was full", () => {
    expect(nextVideoPageParam(page(1, VIDEO_PAGE_SIZE), [page(1, VIDEO_PAGE_SIZE)])).toEqual({ current: 2 });
    const three = [page(1, 10), page(2, 10), page(3, 10)];
    expect(nextVideoPageParam(page(3, 10), three)).toEqual({ current: 4 });
    expect(nextVideoPageParam(page(3, 9), three)).toBeUndefined();
    expect(nextVideoPageParam(page(1, 0), [page(1, 0)])).toBeUndefined();
  });

  it("lists each video once, in page order", () => {
    expect(videosOfPages(undefined)).toEqual([]);
    const data = { pages: [page(1, 3, 1), page(2, 3, 3)], pageParams: [1, 2] };
    expect(videosOfPages(data).map((v) => v.id)).toEqual(["1", "2", "3", "4", "5"]);
  });
});
