import type { RequestOf } from "@platform/api-client";
import { ApiError } from "@platform/api-client";
import { Language } from "@platform/domain";
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeVideo, pageOf } from "../../test/fakes";
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
import { renderSearch, searchBox, type } from "./test/renderSearch";

type VideoRequest = RequestOf<"search.substance">;
type MemberRequest = RequestOf<"search.user">;

const VIEWER = "7";

/**
 * The calls the screens make. Videos: 25 for any words but 'nothing' (none); members: 12, the
 * viewer among them; `failNext` fails the next call as the api-client would; `holdFollow` keeps
 * follow calls waiting until `releaseFollow`.
 */
function fakeApi() {
  const videoRequests: VideoRequest[] = [];
  const memberRequests: MemberRequest[] = [];
  const followCalls: { kind: "follow" | "unfollow"; body: { followUserId: string; userId: string } }[] = [];
  const following = new Set<string>(["2"]);
  const state = { failNext: false, holdFollow: false, holdFirstPageOf: null as string | null };
  let cancelHeld: (() => void) | null = null;
  let gate: Promise<void> | null = null;
  let openGate: () => void = () => undefined;
  let releaseFollow: () => void = () => undefined;

  const fail = (endpoint: "search.substance" | "search.user") => {
    state.failNext = false;
    return Promise.reject(new ApiError({ kind: "network", endpoint }));
  };

  const substance = vi.fn(async (request: VideoRequest, options?: { signal?: AbortSignal }) => {
    videoRequests.push(request);
    if (gate !== null) await gate;
    expect(options?.signal).toBeInstanceOf(AbortSignal);
    if (state.failNext) return fail("search.substance");
    const keyword = request.keyword ?? "";
    if ((request.current ?? 1) === 1) {
      // The api-client's firstPageCancels: a new first page cancels an earlier one in flight.
      cancelHeld?.();
      cancelHeld = null;
      if (state.holdFirstPageOf === keyword) {
        state.holdFirstPageOf = null;
        return new Promise<never>((_, reject) => {
          cancelHeld = () => {
            reject(new ApiError({ kind: "cancelled", endpoint: "search.substance" }));
          };
        });
      }
    }
    return pageOf(request, keyword === "nothing" ? 0 : 25, (n) =>
      fakeVideo(n, { videoTitle: `${keyword} video ${String(n)}` }),
    );
  });

  const user = vi.fn((request: MemberRequest, options?: { signal?: AbortSignal }) => {
    memberRequests.push(request);
    expect(options?.signal).toBeInstanceOf(AbortSignal);
    if (state.failNext) return fail("search.user");
    return Promise.resolve(
      pageOf(request, 12, (n) => ({
        userId: String(n),
        nickName: `${request.content} fan ${String(n)}`,
        avatarFileUrl: null,
        fansCount: 10,
        hasFollow: following.has(String(n)),
      })),
    );
  });

  const followCall =
    (kind: "follow" | "unfollow") => async (body: { followUserId: string; userId: string }) => {
      followCalls.push({ kind, body });
      if (state.holdFollow) {
        await new Promise<void>((resolve) => {
          releaseFollow = resolve;
        });
      }
      if (kind === "follow") following.add(body.followUserId);
      else following.delete(body.followUserId);
      return { hasFollow: kind === "follow", fansCount: kind === "follow" ? 11 : 10 };
    };

  const api = {
    client: { userInfo: { id: VIEWER, channelTagId: "0" }, storage: { get: () => null } },
    search: {
      substance,
      user,
      hotTags: vi.fn(() =>
        Promise.resolve([
          { tag: "旅行", playCount: 900 },
          { tag: "vlog", playCount: 500 },
        ]),
      ),
    },
    contacts: { follow: vi.fn(followCall("follow")), unfollow: vi.fn(followCall("unfollow")) },
  };
  return {
    api,
    videoRequests,
    memberRequests,
    followCalls,
    state,
    release: () => {
      releaseFollow();
    },
    /** Video pages wait until `openVideoGate`. */
    closeVideoGate: () => {
      gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
    },
    openVideoGate: () => {
      gate = null;
      openGate();
    },
  };
}

beforeEach(() => {
  localStorage.clear();
});

const videoRows = () =>
  [...document.querySelectorAll('ul[aria-label="视频搜索结果"] > li')].map((li) => li.textContent);
const historyEntries = () =>
  [...document.querySelectorAll(".h5-search__history-words")].map((el) => el.textContent);
const storedHistory = (userId = VIEWER) =>
  JSON.parse(localStorage.getItem(searchHistoryKey(userId)) ?? "[]") as string[];
const pageShown = () => document.querySelector("[data-testid=page]")?.textContent;

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

describe("/search with words: members", () => {
  it("lists members on the member tab (kept in the URL), with no follow button on one's own row", async () => {
    const { api, memberRequests, videoRequests } = fakeApi();
    const { router } = await renderSearch(api, "/search?q=geek");
    await waitFor(() => {
      expect(videoRows()).toHaveLength(10);
    });
    await click(control("用户"));
    await waitFor(() => {
      expect(document.querySelectorAll(".pf-member-search__row")).toHaveLength(10);
    });
    expect(router.state.location.search).toEqual({ q: "geek", tab: "member" });
    expect(memberRequests[0]).toEqual({ content: "geek", current: 1, size: 10 });
    expect(control("用户").getAttribute("aria-selected")).toBe("true");
    const own = [...document.querySelectorAll(".pf-member-search__row")].find((row) =>
      row.textContent.includes(`fan ${VIEWER}`),
    );
    expect(own?.querySelector(".pf-member-search__follow")).toBeNull();
    expect(document.querySelectorAll(".pf-member-search__follow")).toHaveLength(9);

    await scrollForMore(() => document.querySelectorAll(".pf-member-search__row"), 12);
    expect(memberRequests.map((r) => r.current)).toEqual([1, 2]);
    // Only one video page was asked for: the member tab does not load videos.
    expect(videoRequests).toHaveLength(1);
  });

  it("follows and unfollows as the signed-in person, the row changing once the server answers", async () => {
    const { api, followCalls, state, release } = fakeApi();
    await renderSearch(api, "/search?q=geek&tab=member");
    const row = (userId: string) =>
      [...document.querySelectorAll<HTMLElement>(".pf-member-search__row")].find((r) =>
        r.textContent.includes(`fan ${userId}`),
      );
    const followButton = (userId: string) => {
      const button = row(userId)?.querySelector<HTMLButtonElement>(".pf-member-search__follow");
      if (!button) throw new Error(`no follow button on ${userId}`);
      return button;
    };
    await waitFor(() => {
      expect(followButton("3").textContent).toBe("关注");
    });
    expect(followButton("2").textContent).toBe("已关注");

    state.holdFollow = true;
    await click(followButton("3"));
    await waitFor(() => {
      expect(followButton("3").getAttribute("aria-busy")).toBe("true");
    });
    expect(followButton("3").textContent).toBe("关注");
    // A second tap while waiting sends nothing.
    await click(followButton("3"));
    state.holdFollow = false;
    release();
    await waitFor(() => {
      expect(followButton("3").textContent).toBe("已关注");
    });
    expect(followButton("3").getAttribute("aria-pressed")).toBe("true");
    expect(row("3")?.textContent).toContain("粉丝 11");
    expect(followCalls).toEqual([{ kind: "follow", body: { followUserId: "3", userId: VIEWER } }]);

    await click(followButton("2"));
    await waitFor(() => {
      expect(followButton("2").textContent).toBe("关注");
    });
    expect(followCalls.at(-1)).toEqual({ kind: "unfollow", body: { followUserId: "2", userId: VIEWER } });
  });

  it("opens a member's page on /creationcenter", async () => {
    const { api } = fakeApi();
    const { router } = await renderSearch(api, "/search?q=geek&tab=member");
    await waitFor(() => {
      expect(hasControl("geek fan 4粉丝 10")).toBe(true);
    });
    await click(control("geek fan 4粉丝 10"));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/creationcenter");
    });
    expect(router.state.location.search).toEqual({ id: "4" });
    expect(pageShown()).toContain("/creationcenter");
  });

  it("says no member was found, in English too", async () => {
    const { api } = fakeApi();
    api.search.user.mockImplementationOnce((request: MemberRequest) =>
      Promise.resolve({ records: [], total: 0, current: request.current ?? 1, size: 10 }),
    );
    await renderSearch(api, "/search?q=zzz&tab=member", Language.enUS);
    await waitFor(() => {
      expect(document.body.textContent).toMatch(/no (matching )?(users|members)/i);
    });
    expect(control("Users").getAttribute("aria-selected")).toBe("true");
  });
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
