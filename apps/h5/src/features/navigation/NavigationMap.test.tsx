import { Language } from "@platform/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { byText, click, control, renderApp, waitFor } from "../../test/renderApp";
import type { AppModule } from "./moduleLink";
import { withCatalog } from "../../components/CatalogGate";
import { NavigationMap } from "./NavigationMap";

/** As the route has it: with the 'my' panel's catalog. */
const NavigationPage = withCatalog("panel", NavigationMap);

function module(id: number, name: string, link: Partial<AppModule>): AppModule {
  return {
    id: String(id),
    moduleKey: `m${String(id)}`,
    name,
    iconUrl: null,
    sort: id,
    linkType: null,
    linkTarget: null,
    linkUrl: null,
    ...link,
  };
}

/** The server's modules, in the language asked for (out of order: the map sorts them). */
function fakeApi(names: Readonly<Record<string, string>> = {}) {
  const calls: string[] = [];
  const name = (zh: string) => names[zh] ?? zh;
  const modules = [
    module(2, name("游戏"), { linkType: "GAME", linkTarget: "INNER_LINK", linkUrl: "/game" }),
    module(1, name("首页"), { linkType: "ROUTER", linkTarget: "INNER_LINK", linkUrl: "/home" }),
    module(3, name("官网"), { linkType: "LINK", linkTarget: "OUTER_LINK", linkUrl: "https://example.com/" }),
    module(4, name("视频"), { linkType: "VIDEO", linkUrl: "42" }),
    module(5, name("代理"), { linkType: "NATIONAL_AGENT" }),
    module(6, name("未知"), { linkType: "WHATEVER" }),
  ];
  return {
    calls,
    api: {
      client: { userInfo: { id: 7 } },
      system: {
        appModules: () => {
          calls.push("appModules");
          return Promise.resolve({ modules, allowedMenuKeys: [], navigationSwitch: 1 });
        },
      },
    },
  };
}

const toasts = () => document.querySelector(".pf-toaster")?.textContent ?? "";
const entries = () =>
  [...document.body.querySelectorAll(".h5-nav-map:not(.h5-nav-map--app) li")].map((li) =>
    li.textContent.trim(),
  );
/** The map's own entry (the tab bar has a 首页 and a 游戏 of its own). */
const entry = (name: string) => {
  const map = document.body.querySelector("ul.h5-nav-map:not(.h5-nav-map--app)");
  if (map === null) throw new Error("no navigation map yet");
  return control(name, map);
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the navigation map", () => {
  it("lists the server's modules in their order, in the reader's language", async () => {
    const chinese = await renderApp({ api: fakeApi().api, path: "/", pages: { "/": NavigationPage } });
    await waitFor(() => {
      expect(entries()).toEqual(["首页", "游戏", "官网", "视频", "代理", "未知"]);
    });
    chinese.unmount();

    const english = fakeApi({ 首页: "Home", 游戏: "Games" });
    await renderApp({ api: english.api, path: "/", pages: { "/": NavigationPage }, language: Language.enUS });
    await waitFor(() => {
      expect(entries()).toEqual(["Home", "Games", "官网", "视频", "代理", "未知"]);
    });
    expect(byText("Explore", "h1")).toBeTruthy();
  });

  it("goes to screens of the app, opens web addresses in a new tab", async () => {
    const app = await renderApp({ api: fakeApi().api, path: "/", pages: { "/": NavigationPage } });
    await waitFor(() => entry("官网"));
    const outside = entry("官网");
    expect(outside.getAttribute("href")).toBe("https://example.com/");
    expect(outside.getAttribute("target")).toBe("_blank");
    expect(outside.getAttribute("rel")).toBe("noopener noreferrer");
    expect(entry("视频").getAttribute("href")).toBe("/videoview?id=42");

    await click(entry("游戏"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/game");
    });
  });

  it("says 'this jump type is not currently supported' or 'no link type' instead of going anywhere", async () => {
    const app = await renderApp({ api: fakeApi().api, path: "/", pages: { "/": NavigationPage } });
    await waitFor(() => entry("代理"));
    await click(entry("代理"));
    await waitFor(() => {
      expect(toasts()).toContain("暂不支持该跳转类型");
    });
    await click(entry("未知"));
    await waitFor(() => {
      expect(toasts()).toContain("没有链接类型");
    });
    expect(app.router.state.location.pathname).toBe("/");
  });

  it("leads to posting a video and to one's own videos, in both languages", async () => {
    const app = await renderApp({ api: fakeApi().api, path: "/", pages: { "/": NavigationPage } });
    await waitFor(() => byText("创作", "h2"));
    const own = document.body.querySelector<HTMLElement>("ul.h5-nav-map--app");
    expect(control("我的作品", own!).getAttribute("href")).toBe("/creationcenter?id=7");
    expect(control("发布视频", own!).getAttribute("href")).toBe("/editvideo");
    await click(control("发布视频", own!));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/editvideo");
    });
    app.unmount();

    await renderApp({
      api: fakeApi().api,
      path: "/",
      pages: { "/": NavigationPage },
      language: Language.enUS,
    });
    await waitFor(() => byText("Create", "h2"));
    const english = document.body.querySelector<HTMLElement>("ul.h5-nav-map--app");
    expect(control("Post a video", english!)).toBeTruthy();
    expect(control("My videos", english!).getAttribute("href")).toBe("/creationcenter?id=7");
  });

  it("offers a retry when the modules fail to load", async () => {
    let fail = true;
    const api = {
      client: { userInfo: { id: 7 } },
      system: {
        appModules: () =>
          fail
            ? Promise.reject(new Error("Network Error"))
            : Promise.resolve({
                modules: [module(1, "首页", { linkType: "ROUTER", linkUrl: "/home" })],
                allowedMenuKeys: [],
                navigationSwitch: 1,
              }),
      },
    };
    await renderApp({ api, path: "/", pages: { "/": NavigationPage } });
    await waitFor(() => byText("重试"));
    fail = false;
    await click(control("重试"));
    await waitFor(() => entry("首页"));
  });
});
