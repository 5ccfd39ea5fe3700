import { ApiError } from "@platform/api-client";
import { act } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  click,
  control,
  hasControl,
  scrollForMore,
  scrollToBottom,
  settle,
  waitFor,
} from "../../test/renderApp";
import { searchHistoryKey } from "./history";
import { VIEWER, fakeApi } from "./test/fakeSearchApi";
import { historyEntries, renderSearch, searchBox, storedHistory, type, videoRows } from "./test/renderSearch";

beforeEach(() => {
  localStorage.clear();
});

describe("/search before a search", () => {
  it("shows this person's history (not another's) and the hot tags; a tag opens /keywordsearch", async () => {
    localStorage.setItem(searchHistoryKey(VIEWER), JSON.stringify(["city", "food"]));
    localStorage.setItem(searchHistoryKey("8"), JSON.stringify(["secret"]));
    const { api } = fakeApi();
    const { router } = await renderSearch(api, "/search");
    expect(historyEntries()).toEqual(["city", "food"]);
    await waitFor(() => {
      expect(hasControl("1旅行")).toBe(true);
    });
    expect(document.body.textContent).not.toContain("secret");
    expect(document.activeElement).toBe(searchBox());

    await click(control("1旅行"));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/keywordsearch");
    });
    expect(router.state.location.search).toEqual({ id: "旅行" });
    await waitFor(() => {
      expect(document.querySelector("h1")?.textContent).toBe("旅行");
    });
  });

  it("says so when there is no history, and searches nothing for blank words", async () => {
    const { api, videoRequests } = fakeApi();
    const { router } = await renderSearch(api, "/search");
    expect(document.body.textContent).toContain("暂无搜索历史");
    expect(hasControl("清空历史")).toBe(false);
    await type("   ");
    await click(control("搜索"));
    await settle();
    expect(router.state.location.search).toEqual({});
    expect(videoRequests).toHaveLength(0);
    expect(localStorage.getItem(searchHistoryKey(VIEWER))).toBeNull();
  });

  it("removes one entry, and clears them all only after the confirm", async () => {
    localStorage.setItem(searchHistoryKey(VIEWER), JSON.stringify(["city", "food", "music"]));
    const { api } = fakeApi();
    await renderSearch(api, "/search");
    await click(control("删除搜索记录：food"));
    expect(historyEntries()).toEqual(["city", "music"]);
    expect(storedHistory()).toEqual(["city", "music"]);

    await click(control("清空历史"));
    const dialog = await waitFor(() => {
      const found = document.querySelector<HTMLElement>("[role=alertdialog]");
      if (found === null) throw new Error("no confirm");
      return found;
    });
    expect(dialog.textContent).toContain("清空搜索历史？");
    await click(control("取消", dialog));
    expect(historyEntries()).toEqual(["city", "music"]);

    await click(control("清空历史"));
    await click(control("清空", document.querySelector("[role=alertdialog]") ?? document.body));
    await waitFor(() => {
      expect(document.body.textContent).toContain("暂无搜索历史");
    });
    expect(localStorage.getItem(searchHistoryKey(VIEWER))).toBeNull();
  });

  it("shows hot tags that failed with a retry", async () => {
    const { api } = fakeApi();
    api.search.hotTags.mockImplementationOnce(() =>
      Promise.reject(new ApiError({ kind: "network", endpoint: "search.hotTags" })),
    );
    await renderSearch(api, "/search");
    await waitFor(() => {
      expect(hasControl("重试")).toBe(true);
    });
    await click(control("重试"));
    await waitFor(() => {
      expect(hasControl("2vlog")).toBe(true);
    });
  });
});

describe("/search with words: videos", () => {
  it("searches what was typed: the URL keeps it, the history gets it, ten a page with more on scroll", async () => {
    localStorage.setItem(searchHistoryKey(VIEWER), JSON.stringify(["food", "geek"]));
    const { api, videoRequests } = fakeApi();
    const { router } = await renderSearch(api, "/search");
    await type("  Geek ");
    await click(control("搜索"));
    await waitFor(() => {
      expect(videoRows()).toHaveLength(10);
    });
    expect(router.state.location.search).toEqual({ q: "Geek" });
    expect(searchBox().value).toBe("Geek");
    expect(storedHistory()).toEqual(["Geek", "food"]);
    expect(videoRequests[0]).toEqual({
      keyword: "Geek",
      current: 1,
      cursor: null,
      size: 10,
      price: "all",
      sort: "default",
      duration: "all",
      tag: null,
    });
    // The words are marked in the titles.
    expect(document.querySelector('ul[aria-label="视频搜索结果"] mark')?.textContent).toBe("Geek");
    const tab = control("视频");
    expect(tab.getAttribute("role")).toBe("tab");
    expect(tab.getAttribute("aria-selected")).toBe("true");

    await scrollForMore(videoRows, 20);
    await scrollForMore(videoRows, 25);
    expect(document.body.textContent).toContain("没有更多了");
    // The third page was short: no fourth is asked for.
    await scrollToBottom();
    await settle();
    expect(videoRequests.map((r) => r.current)).toEqual([1, 2, 3]);
  });

  it("starts from the words in the URL (a reload), and a tapped result opens /videoview", async () => {
    const { api } = fakeApi();
    const { router } = await renderSearch(api, "/search?q=travel");
    expect(searchBox().value).toBe("travel");
    await waitFor(() => {
      expect(videoRows()).toHaveLength(10);
    });
    // A reload is no new search: the history is as it was.
    expect(localStorage.getItem(searchHistoryKey(VIEWER))).toBeNull();
    await click(control("travel video 3"));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/videoview");
    });
    expect(router.state.location.search).toEqual({ id: "3" });
  });

  it("says 'no search results' when nothing matches", async () => {
    const { api } = fakeApi();
    await renderSearch(api, "/search?q=nothing");
    await waitFor(() => {
      expect(document.body.textContent).toContain("没有搜索结果");
    });
    expect(videoRows()).toHaveLength(0);
  });

  it("shows a failed first page with a retry", async () => {
    const { api, state } = fakeApi();
    state.failNext = true;
    await renderSearch(api, "/search?q=travel");
    await waitFor(() => {
      expect(hasControl("重试")).toBe(true);
    });
    await click(control("重试"));
    await waitFor(() => {
      expect(videoRows()).toHaveLength(10);
    });
  });

  it("starts a new search at page 1, and back returns to the earlier words and their results", async () => {
    const { api, videoRequests } = fakeApi();
    const { router } = await renderSearch(api, "/search?q=travel");
    await waitFor(() => {
      expect(videoRows()).toHaveLength(10);
    });
    await scrollForMore(videoRows, 20);
    await type("food");
    await click(control("搜索"));
    await waitFor(() => {
      expect(videoRows()[0]).toContain("food video 1");
    });
    expect(videoRows()).toHaveLength(10);
    expect(videoRequests.at(-1)).toMatchObject({ keyword: "food", current: 1 });

    act(() => {
      router.history.back();
    });
    await waitFor(() => {
      expect(searchBox().value).toBe("travel");
    });
    expect(videoRows()[0]).toContain("travel video 1");
  });

  it("lets a newer search cancel a first page in flight, and asks for it again on the way back", async () => {
    const { api, state, videoRequests, closeVideoGate, openVideoGate } = fakeApi();
    state.holdFirstPageOf = "slow";
    const { router } = await renderSearch(api, "/search");
    await type("slow");
    await click(control("搜索"));
    await waitFor(() => {
      expect(videoRequests).toHaveLength(1);
    });
    await type("fast");
    await click(control("搜索"));
    await waitFor(() => {
      expect(videoRows()[0]).toContain("fast video 1");
    });

    closeVideoGate();
    act(() => {
      router.history.back();
    });
    await waitFor(() => {
      expect(searchBox().value).toBe("slow");
    });
    // The cancelled page is asked for again, with skeletons meanwhile and never its cancellation.
    await waitFor(() => {
      expect(videoRequests).toHaveLength(3);
    });
    expect(hasControl("重试")).toBe(false);
    expect(document.querySelector(".h5-search [aria-busy=true]")).not.toBeNull();
    openVideoGate();
    await waitFor(() => {
      expect(videoRows()[0]).toContain("slow video 1");
    });
    expect(hasControl("重试")).toBe(false);
    expect(videoRequests.map((r) => [r.keyword, r.current])).toEqual([
      ["slow", 1],
      ["fast", 1],
      ["slow", 1],
    ]);
  });

  it("empties the box with the clear button and shows the history again", async () => {
    const { api } = fakeApi();
    const { router } = await renderSearch(api, "/search");
    await type("travel");
    await click(control("搜索"));
    await waitFor(() => {
      expect(videoRows()).toHaveLength(10);
    });
    await click(control("清除"));
    expect(searchBox().value).toBe("");
    expect(document.activeElement).toBe(searchBox());
    await waitFor(() => {
      expect(historyEntries()).toEqual(["travel"]);
    });
    expect(router.state.location.search).toEqual({});
    expect(hasControl("清除")).toBe(false);
  });

  it("searches a history entry again, moving it first", async () => {
    localStorage.setItem(searchHistoryKey(VIEWER), JSON.stringify(["city", "food"]));
    const { api, videoRequests } = fakeApi();
    const { router } = await renderSearch(api, "/search");
    await click(control("food"));
    await waitFor(() => {
      expect(videoRows()).toHaveLength(10);
    });
    expect(router.state.location.search).toEqual({ q: "food" });
    expect(videoRequests[0]).toMatchObject({ keyword: "food", current: 1 });
    expect(storedHistory()).toEqual(["food", "city"]);
  });
});
