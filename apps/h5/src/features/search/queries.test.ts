import type { Video } from "@platform/api-client";
import type { InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import {
  membersOfPages,
  memberSearchQueryOptions,
  videoSearchQuery,
  videoSearchQueryOptions,
  videoSearchRequest,
  withFollowState,
} from "./queries";
import type { MemberSearchPage, SearchApi } from "./queries";

const api = {} as SearchApi;

function page<T>(records: T[], current = 1): { records: T[]; total: number; current: number; size: number } {
  return { records, total: 100, current, size: 10 };
}

const member = (userId: string, hasFollow = false) => ({
  userId,
  nickName: `M${userId}`,
  avatarFileUrl: null,
  fansCount: 1,
  hasFollow,
});

describe("search queries", () => {
  it("asks for ten videos a page with the words and the default filters", () => {
    expect(videoSearchRequest(videoSearchQuery("geek"), { current: 3, cursor: "MS4y" })).toEqual({
      keyword: "geek",
      current: 3,
      cursor: "MS4y",
      size: 10,
      price: "all",
      sort: "default",
      duration: "all",
      tag: null,
    });
  });

  it("goes on from the last page's cursor, and stops where the server says the list ends", () => {
    const options = videoSearchQueryOptions(api, videoSearchQuery("geek"));
    expect(options.initialPageParam).toEqual({ current: 1, cursor: null });
    const full = {
      ...page(Array.from({ length: 10 }, (_, i) => ({ id: String(i) }) as Video)),
      cursor: "MTA",
    };
    const last = { ...page([{ id: "x" } as Video], 2), cursor: null };
    expect(
      options.getNextPageParam(full, [full], options.initialPageParam, [options.initialPageParam]),
    ).toEqual({
      current: 2,
      cursor: "MTA",
    });
    expect(options.getNextPageParam(last, [full, last], { current: 2 }, [])).toBeUndefined();
  });

  it("without a cursor (an older server), has a next page only while the last one came back full", () => {
    const options = videoSearchQueryOptions(api, videoSearchQuery("geek"));
    const full = page(Array.from({ length: 10 }, (_, i) => ({ id: String(i) }) as Video));
    const short = page([{ id: "x" } as Video], 2);
    expect(options.getNextPageParam(full, [full], { current: 1 }, [])).toEqual({ current: 2 });
    expect(options.getNextPageParam(short, [full, short], { current: 2 }, [])).toBeUndefined();
  });

  it("calls nothing without words (an empty keyword would list every video)", () => {
    expect(videoSearchQueryOptions(api, videoSearchQuery("")).enabled).toBe(false);
    expect(memberSearchQueryOptions(api, "").enabled).toBe(false);
    expect(memberSearchQueryOptions(api, "geek").enabled).toBe(true);
  });

  it("lists each member once across pages", () => {
    const data: InfiniteData<MemberSearchPage> = {
      pages: [page([member("1"), member("2")]), page([member("2"), member("3")], 2)],
      pageParams: [1, 2],
    };
    expect(membersOfPages(data).map((m) => m.userId)).toEqual(["1", "2", "3"]);
  });

  it("changes one member's follow state and fans count, on every page", () => {
    const data: InfiniteData<MemberSearchPage> = {
      pages: [page([member("1"), member("2")]), page([member("2")], 2)],
      pageParams: [1, 2],
    };
    const next = withFollowState(data, "2", { hasFollow: true, fansCount: 9 });
    expect(next?.pages[0]?.records.map((m) => [m.userId, m.hasFollow, m.fansCount])).toEqual([
      ["1", false, 1],
      ["2", true, 9],
    ]);
    expect(next?.pages[1]?.records[0]?.hasFollow).toBe(true);
    expect(withFollowState(undefined, "2", { hasFollow: true, fansCount: 9 })).toBeUndefined();
  });
});
