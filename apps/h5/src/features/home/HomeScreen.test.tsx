import type { RequestOf } from "@platform/api-client";
import { ApiError } from "@platform/api-client";
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { validateIdSearch } from "../../app/route-search";
import { fakeVideo, pageOf } from "../../test/fakes";
import {
  click,
  renderApp,
  scrollForMore,
  scrollToBottom,
  settle,
  videoTitles,
  waitFor,
} from "../../test/renderApp";
import { ChannelScreen } from "../channel/ChannelScreen";
import { HomeScreen } from "./HomeScreen";
import { validateHomeSearch } from "./search";

type ListRequest = RequestOf<"substance.getVideoList">;

/**
 * The two calls the screens make, over a catalogue of 25 videos; 'super' videos are none, and
 * `failNext` makes the next call fail as the api-client would.
 */
function fakeApi() {
  const requests: ListRequest[] = [];
  const state = { failNext: false };
  const getVideoList = vi.fn((request: ListRequest, options?: { signal?: AbortSignal }) => {
    requests.push(request);
    if (state.failNext) {
      state.failNext = false;
      return Promise.reject(new ApiError({ kind: "network", endpoint: "substance.getVideoList" }));
    }
    expect(options?.signal).toBeInstanceOf(AbortSignal);
    return Promise.resolve(pageOf(request, request.price === "super" ? 0 : 25, fakeVideo));
  });
  const classifyList = vi.fn(() =>
    Promise.resolve([
      { id: "3", name: "Travel", sort: 1 },
      { id: "4", name: "Food", sort: 2 },
    ]),
  );
  const api = { substance: { getVideoList, classifyList } };
  return { api, requests, state, getVideoList };
}

beforeEach(() => {
  localStorage.clear();
});

function renderAt(path: string, api: unknown) {
  return renderApp({
    api,
    path,
    pages: {
      "/home": { component: HomeScreen, validateSearch: validateHomeSearch },
      "/d/$channelTagId": function Channel() {
        return <ChannelScreen channelTagId="1" />;
      },
      "/videoview": { component: () => <p>video page</p>, validateSearch: validateIdSearch },
    },
  });
}

const text = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent).trim();

function button(name: string, role?: string): HTMLElement {
  const found = Array.from(document.body.querySelectorAll<HTMLElement>("button")).find(
    (b) => text(b) === name && (role === undefined || b.getAttribute("role") === role),
  );
  if (!found) throw new Error(`no button named ${name}`);
  return found;
}

function radio(group: string, name: string): HTMLInputElement {
  const groups = Array.from(document.body.querySelectorAll("[role=radiogroup]"));
  const labelled = groups.find((g) => {
    const id = g.getAttribute("aria-labelledby") ?? "";
    return document.getElementById(id)?.textContent === group;
  });
  const input = Array.from(labelled?.querySelectorAll("label") ?? [])
    .find((l) => l.textContent === name)
    ?.querySelector("input");
  if (!input) throw new Error(`no radio ${name} in ${group}`);
  return input;
}

describe("HomeScreen", () => {
  it("loads the first page, then one more page per scroll to the bottom until a page is short", async () => {
    const { api, requests } = fakeApi();
    await renderAt("/home", api);
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    expect(requests[0]).toMatchObject({ current: 1, size: 10, price: "all", sort: "default", tag: null });

    await scrollForMore(videoTitles, 20);
    await scrollForMore(videoTitles, 25);
    expect(requests.map((r) => r.current)).toEqual([1, 2, 3]);
    expect(document.body.textContent).toContain("没有更多了");

    // The third page was short: no fourth is asked for.
    await scrollToBottom();
    await settle();
    expect(requests).toHaveLength(3);
  });

  it("asks for page 1 again with the new filters, and keeps them in the URL", async () => {
    const { api, requests } = fakeApi();
    const { router } = await renderAt("/home", api);
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });

    await click(button("热门"));
    await waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ current: 1, tag: "hot" });
    });
    expect(button("热门").getAttribute("aria-pressed")).toBe("true");

    await click(button("筛选"));
    await waitFor(() => {
      expect(button("筛选").getAttribute("aria-expanded")).toBe("true");
    });
    await click(radio("价格", "免费"));
    await waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ current: 1, price: "free", tag: "hot" });
    });
    await click(radio("时长", "11-30 分钟"));
    await waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ current: 1, price: "free", duration: "11-30", tag: "hot" });
    });
    await click(radio("排序", "最多播放"));
    await waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ current: 1, sort: "mostPlays" });
    });
    expect(router.state.location.search).toEqual({
      price: "free",
      duration: "11-30",
      sort: "mostPlays",
      tag: "hot",
    });

    await click(button("Travel", "tab"));
    await waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ current: 1, classifyId: "3", price: "free" });
    });
    expect(button("Travel", "tab").getAttribute("aria-selected")).toBe("true");
    expect(button("全部", "tab").getAttribute("aria-selected")).toBe("false");
  });

  it("starts from the filters in the URL, and clears them from the empty state", async () => {
    const { api, requests } = fakeApi();
    const { router } = await renderAt("/home?price=super&tag=selected", api);
    await waitFor(() => {
      expect(document.body.textContent).toContain("暂无视频");
    });
    expect(requests[0]).toMatchObject({ current: 1, price: "super", tag: "selected" });

    await click(button("清除筛选"));
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    expect(requests.at(-1)).toMatchObject({ current: 1, price: "all", tag: null });
    expect(router.state.location.search).toEqual({});
  });

  it("shows a failed first page with a retry, and refreshes from page 1 by the button", async () => {
    const { api, requests, state } = fakeApi();
    state.failNext = true;
    await renderAt("/home", api);
    await waitFor(() => {
      expect(button("重试")).toBeTruthy();
    });
    await click(button("重试"));
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });

    await scrollForMore(videoTitles, 20);
    await click(button("刷新"));
    await waitFor(() => {
      expect(requests.map((r) => r.current)).toEqual([1, 1, 2, 1]);
    });
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
  });

  it("refreshes page 1 when pulled down past the threshold at the top", async () => {
    const { api, requests } = fakeApi();
    await renderAt("/home", api);
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    const card = document.body.querySelector("ul[aria-label] li button");
    if (card === null) throw new Error("no card");
    const touch = async (type: string, clientY?: number) => {
      const event = Object.assign(new Event(type, { bubbles: true }), {
        touches: clientY === undefined ? [] : [{ clientY }],
      });
      await act(async () => {
        card.dispatchEvent(event);
        await Promise.resolve();
      });
    };
    const status = () => document.body.querySelector(".h5-feed__pull")?.textContent;

    await touch("touchstart", 100);
    await touch("touchmove", 140);
    await waitFor(() => {
      expect(status()).toBe("下拉刷新");
    });
    // Let go before the threshold: nothing happens.
    await touch("touchend");
    await waitFor(() => {
      expect(status()).toBe("");
    });
    expect(requests).toHaveLength(1);

    await touch("touchstart", 100);
    await touch("touchmove", 300);
    await waitFor(() => {
      expect(status()).toBe("松开刷新");
    });
    await touch("touchend");
    await waitFor(() => {
      expect(requests.map((r) => r.current)).toEqual([1, 1]);
    });
  });

  it("switches between two per row and single rows, and remembers it", async () => {
    const { api } = fakeApi();
    await renderAt("/home", api);
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    expect(document.body.querySelector(".pf-video-grid")).not.toBeNull();
    await click(button("单列"));
    await waitFor(() => {
      expect(document.body.querySelector(".pf-video-rows")).not.toBeNull();
    });
    expect(button("单列").getAttribute("aria-pressed")).toBe("true");
    expect(localStorage.getItem("videoListLayout")).toBe('"rows"');
  });

  it("opens a tapped video on /videoview", async () => {
    const { api } = fakeApi();
    const { router } = await renderAt("/home", api);
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    await click(button("Video 2"));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/videoview");
    });
    expect(router.state.location.search).toEqual({ id: "2" });
  });
});

describe("ChannelScreen", () => {
  it("lists the channel's videos", async () => {
    const { api, requests } = fakeApi();
    await renderAt("/d/1", api);
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    expect(requests[0]).toMatchObject({ current: 1, channelTagId: "1", price: "all" });
    expect(requests[0]).not.toHaveProperty("classifyId");
  });
});
