import { beforeEach, describe, expect, it } from "vitest";
import { scrollForMore, waitFor } from "../../test/renderApp";
import { fakeApi } from "./test/fakeSearchApi";
import { renderSearch } from "./test/renderSearch";

beforeEach(() => {
  localStorage.clear();
});

describe("/keywordsearch", () => {
  it("lists one keyword's videos under its title, paging on scroll", async () => {
    const { api, videoRequests } = fakeApi();
    await renderSearch(api, "/keywordsearch?id=vlog");
    expect(document.querySelector("h1")?.textContent).toBe("vlog");
    await waitFor(() => {
      expect(document.querySelectorAll('ul[aria-label="vlog 的视频"] > li')).toHaveLength(10);
    });
    await scrollForMore(() => document.querySelectorAll('ul[aria-label="vlog 的视频"] > li'), 20);
    expect(videoRequests.map((r) => [r.keyword, r.current])).toEqual([
      ["vlog", 1],
      ["vlog", 2],
    ]);
  });

  it("says 'no search results' for a keyword without videos, or without a keyword", async () => {
    const { api, videoRequests } = fakeApi();
    const first = await renderSearch(api, "/keywordsearch?id=nothing");
    await waitFor(() => {
      expect(document.body.textContent).toContain("没有搜索结果");
    });
    first.unmount();
    await renderSearch(api, "/keywordsearch");
    expect(document.querySelector("h1")?.textContent).toBe("搜索结果");
    expect(document.body.textContent).toContain("没有搜索结果");
    expect(videoRequests).toHaveLength(1);
  });
});
