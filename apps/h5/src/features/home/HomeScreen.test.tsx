import type { PlatformApi, RequestOf, Video } from "@platform/api-client";
import { ApiError } from "@platform/api-client";
import { Language } from "@platform/domain";
import { PlatformI18nProvider, activateLanguage, createI18n } from "@platform/i18n";
import { ToastProvider } from "@platform/ui";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { createRoot } from "react-dom/client";
import type { Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RouterContext } from "../../app/router-context";
import { validateIdSearch } from "../../app/search";
import { ChannelScreen } from "./ChannelScreen";
import { HomeScreen } from "./HomeScreen";
import { VIDEO_PAGE_SIZE } from "./queries";
import { validateHomeSearch } from "./search";

type ListRequest = RequestOf<"substance.getVideoList">;

function video(id: number): Video {
  return {
    id: String(id),
    videoTitle: `Video ${String(id)}`,
    introduction: "",
    tags: [],
    allowDownload: false,
    nickName: "Author",
    createUserName: "author",
    createUserId: "1",
    avatarFileUrl: null,
    videoLength: 61_000,
    videoWidth: 1280,
    videoHeight: 720,
    coverImage: null,
    coverFileUrl: null,
    verticalCoverUrl: null,
    playCount: 3,
    likeCount: 0,
    commentCount: 0,
    watchLevel: "FREE",
    amount: 0,
    discount: null,
    auditTime: "2025-01-01 10:00:00",
    seenMs: null,
    type: 99,
    createTime: "2025-01-01 10:00:00",
    updateTime: "2025-01-01 10:00:00",
  };
}

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
    const total = request.price === "super" ? 0 : 25;
    const current = request.current ?? 1;
    const size = request.size ?? VIDEO_PAGE_SIZE;
    const start = (current - 1) * size;
    const records = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) =>
      video(start + i + 1),
    );
    expect(options?.signal).toBeInstanceOf(AbortSignal);
    return Promise.resolve({ records, total, current, size });
  });
  const classifyList = vi.fn(() =>
    Promise.resolve([
      { id: "3", name: "Travel", sort: 1 },
      { id: "4", name: "Food", sort: 2 },
    ]),
  );
  const api = { substance: { getVideoList, classifyList } } as unknown as PlatformApi;
  return { api, requests, state, getVideoList };
}

const i18n = createI18n();
let root: Root | null = null;
let container: HTMLDivElement;

beforeAll(async () => {
  await activateLanguage(i18n, Language.zhCN, { store: null, document: null });
  // jsdom has no layout: scrolling into view is a no-op here.
  Element.prototype.scrollIntoView = () => undefined;
  window.scrollTo = () => undefined;
});

beforeEach(() => {
  localStorage.clear();
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(() => {
  root?.unmount();
  root = null;
  container.remove();
});

function renderAt(path: string, api: PlatformApi) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });
  const routeTree = rootRoute.addChildren([
    createRoute({
      getParentRoute: () => rootRoute,
      path: "/home",
      validateSearch: validateHomeSearch,
      component: HomeScreen,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: "/d/$channelTagId",
      component: function Channel() {
        return <ChannelScreen channelTagId="1" />;
      },
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: "/videoview",
      validateSearch: validateIdSearch,
      component: () => <p>video page</p>,
    }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, api },
  });
  root = createRoot(container);
  root.render(
    <PlatformI18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </PlatformI18nProvider>,
  );
  return { router };
}

const text = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent).trim();

function button(name: string, role?: string): HTMLElement {
  const found = Array.from(container.querySelectorAll<HTMLElement>("button")).find(
    (b) => text(b) === name && (role === undefined || b.getAttribute("role") === role),
  );
  if (!found) throw new Error(`no button named ${name}`);
  return found;
}

function radio(group: string, name: string): HTMLInputElement {
  const groups = Array.from(container.querySelectorAll("[role=radiogroup]"));
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

function videoTitles(): string[] {
  const list = container.querySelector("ul[aria-label]");
  return Array.from(list?.querySelectorAll("li button") ?? [])
    .map((b) => b.textContent)
    .filter((t) => t.startsWith("Video"));
}

/** Scroll the list's own container to its bottom, as a person would (jsdom has no layout). */
function scrollToBottom() {
  const scroller = container.querySelector(".pf-infinite-list");
  if (!(scroller instanceof HTMLElement)) throw new Error("no scroll container");
  Object.defineProperty(scroller, "clientHeight", { configurable: true, value: 600 });
  Object.defineProperty(scroller, "scrollHeight", { configurable: true, value: 1000 });
  scroller.scrollTop = 400;
  scroller.dispatchEvent(new Event("scroll"));
}

describe("HomeScreen", () => {
  it("loads the first page, then one more page per scroll to the bottom until a page is short", async () => {
    const { api, requests } = fakeApi();
    renderAt("/home", api);
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    expect(requests[0]).toMatchObject({ current: 1, size: 10, price: "all", sort: "default", tag: null });

    scrollToBottom();
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(20);
    });
    scrollToBottom();
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(25);
    });
    expect(requests.map((r) => r.current)).toEqual([1, 2, 3]);
    expect(container.textContent).toContain("没有更多了");

    // The third page was short: no fourth is asked for.
    scrollToBottom();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(3);
  });

  it("asks for page 1 again with the new filters, and keeps them in the URL", async () => {
    const { api, requests } = fakeApi();
    const { router } = renderAt("/home", api);
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });

    button("热门").click();
    await vi.waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ current: 1, tag: "hot" });
    });
    expect(button("热门").getAttribute("aria-pressed")).toBe("true");

    button("筛选").click();
    await vi.waitFor(() => {
      expect(button("筛选").getAttribute("aria-expanded")).toBe("true");
    });
    radio("价格", "免费").click();
    await vi.waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ current: 1, price: "free", tag: "hot" });
    });
    radio("时长", "11-30 分钟").click();
    await vi.waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ current: 1, price: "free", duration: "11-30", tag: "hot" });
    });
    radio("排序", "最多播放").click();
    await vi.waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ current: 1, sort: "mostPlays" });
    });
    expect(router.state.location.search).toEqual({
      price: "free",
      duration: "11-30",
      sort: "mostPlays",
      tag: "hot",
    });

    button("Travel", "tab").click();
    await vi.waitFor(() => {
      expect(requests.at(-1)).toMatchObject({ current: 1, classifyId: "3", price: "free" });
    });
    expect(button("Travel", "tab").getAttribute("aria-selected")).toBe("true");
    expect(button("全部", "tab").getAttribute("aria-selected")).toBe("false");
  });

  it("starts from the filters in the URL, and clears them from the empty state", async () => {
    const { api, requests } = fakeApi();
    const { router } = renderAt("/home?price=super&tag=selected", api);
    await vi.waitFor(() => {
      expect(container.textContent).toContain("暂无视频");
    });
    expect(requests[0]).toMatchObject({ current: 1, price: "super", tag: "selected" });

    button("清除筛选").click();
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    expect(requests.at(-1)).toMatchObject({ current: 1, price: "all", tag: null });
    expect(router.state.location.search).toEqual({});
  });

  it("shows a failed first page with a retry, and refreshes from page 1 by the button", async () => {
    const { api, requests, state } = fakeApi();
    state.failNext = true;
    renderAt("/home", api);
    await vi.waitFor(() => {
      expect(button("重试")).toBeTruthy();
    });
    button("重试").click();
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });

    scrollToBottom();
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(20);
    });
    button("刷新").click();
    await vi.waitFor(() => {
      expect(requests.map((r) => r.current)).toEqual([1, 1, 2, 1]);
    });
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
  });

  it("refreshes page 1 when pulled down past the threshold at the top", async () => {
    const { api, requests } = fakeApi();
    renderAt("/home", api);
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    const card = container.querySelector("ul[aria-label] li button");
    if (card === null) throw new Error("no card");
    const touch = (type: string, clientY?: number) => {
      const event = Object.assign(new Event(type, { bubbles: true }), {
        touches: clientY === undefined ? [] : [{ clientY }],
      });
      card.dispatchEvent(event);
    };
    const status = () => container.querySelector(".h5-feed__pull")?.textContent;

    touch("touchstart", 100);
    touch("touchmove", 140);
    await vi.waitFor(() => {
      expect(status()).toBe("下拉刷新");
    });
    // Let go before the threshold: nothing happens.
    touch("touchend");
    await vi.waitFor(() => {
      expect(status()).toBe("");
    });
    expect(requests).toHaveLength(1);

    touch("touchstart", 100);
    touch("touchmove", 300);
    await vi.waitFor(() => {
      expect(status()).toBe("松开刷新");
    });
    touch("touchend");
    await vi.waitFor(() => {
      expect(requests.map((r) => r.current)).toEqual([1, 1]);
    });
  });

  it("switches between two per row and single rows, and remembers it", async () => {
    const { api } = fakeApi();
    renderAt("/home", api);
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    expect(container.querySelector(".pf-video-grid")).not.toBeNull();
    button("单列").click();
    await vi.waitFor(() => {
      expect(container.querySelector(".pf-video-rows")).not.toBeNull();
    });
    expect(button("单列").getAttribute("aria-pressed")).toBe("true");
    expect(localStorage.getItem("videoListLayout")).toBe('"rows"');
  });

  it("opens a tapped video on /videoview", async () => {
    const { api } = fakeApi();
    const { router } = renderAt("/home", api);
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    button("Video 2").click();
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe("/videoview");
    });
    expect(router.state.location.search).toEqual({ id: "2" });
  });
});

describe("ChannelScreen", () => {
  it("lists the channel's videos", async () => {
    const { api, requests } = fakeApi();
    renderAt("/d/1", api);
    await vi.waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    expect(requests[0]).toMatchObject({ current: 1, channelTagId: "1", price: "all" });
    expect(requests[0]).not.toHaveProperty("classifyId");
  });
});
