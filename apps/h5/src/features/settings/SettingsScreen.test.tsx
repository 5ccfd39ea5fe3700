import { StorageKey, Theme } from "@platform/domain";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sessionKeys } from "../../app/session/queries";
import { themeAtom } from "../../app/state";
import { searchHistoryKey } from "../search/history";
import { byText, click, control, queryText, renderApp, waitFor } from "../../test/renderApp";
import { withCatalog } from "../../components/CatalogGate";
import packageJson from "../../../package.json" with { type: "json" };
import { appVersion } from "./appVersion";
import { SettingsScreen } from "./SettingsScreen";

const packageVersion = packageJson.version;

/** As the route has it: with the 'my' panel's catalog, loaded again after a language switch. */
const Settings = withCatalog("panel", SettingsScreen);

function radio(label: string): HTMLInputElement {
  const input = control(label).querySelector("input");
  if (input === null) throw new Error(`"${label}" has no radio`);
  return input;
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = "zh-CN";
});

describe("the settings screen", () => {
  it("switches the whole interface to English without a reload, and keeps the choice", async () => {
    const app = await renderApp({ api: {}, path: "/mysettings", pages: { "/mysettings": Settings } });
    await waitFor(() => byText("语言"));
    expect(radio("中文").checked).toBe(true);
    expect(byText("设置")).toBeTruthy();

    await click(radio("English"));
    await waitFor(() => byText("Language"));
    expect(radio("English").checked).toBe(true);
    expect(queryText("语言")).toBeNull();
    expect(byText("Settings")).toBeTruthy();
    expect(document.documentElement.lang).toBe("en-US");
    expect(localStorage.getItem(StorageKey.language)).toBe("enUS");
    expect(app.i18n.locale).toBe("en-US");

    await click(radio("中文"));
    await waitFor(() => byText("语言"));
    expect(document.documentElement.lang).toBe("zh-CN");
    expect(localStorage.getItem(StorageKey.language)).toBe("zhCN");
  });

  it("switches the theme", async () => {
    const app = await renderApp({ api: {}, path: "/mysettings", pages: { "/mysettings": Settings } });
    await waitFor(() => byText("主题"));
    expect(radio("深色").checked).toBe(true);
    await click(radio("浅色"));
    expect(app.store.get(themeAtom)).toBe(Theme.light);
    expect(radio("浅色").checked).toBe(true);
  });

  it("links to the account's other settings", async () => {
    const app = await renderApp({ api: {}, path: "/mysettings", pages: { "/mysettings": Settings } });
    await waitFor(() => byText("账号与安全"));
    await click(control("账号与安全"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/accountsecuritysettings");
    });
  });
});

describe("the settings screen's account links and app section", () => {
  const render = (api: unknown = {}) =>
    renderApp({ api, path: "/mysettings", pages: { "/mysettings": Settings } });

  it("links to every account screen", async () => {
    await render();
    await waitFor(() => byText("编辑资料"));
    const hrefs = [...document.body.querySelectorAll('nav[aria-label="账号设置"] a')].map((a) =>
      a.getAttribute("href"),
    );
    expect(hrefs).toEqual([
      "/editprofile",
      "/accountsecuritysettings",
      "/messages",
      "/messagesettings",
      "/idcard",
    ]);
  });

  it("shows the app's version as built, with its commit and date", async () => {
    vi.stubEnv("VITE_APP_VERSION", "1.4.2");
    vi.stubEnv("VITE_APP_COMMIT", "9decfb3");
    vi.stubEnv("VITE_APP_BUILT", "2026-11-27");
    try {
      await render();
      await waitFor(() => byText("当前版本"));
      expect(byText("v1.4.2 (9decfb3, 2026-11-27)")).toBeTruthy();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("leaves out a commit or date that was not written in (no git), never shows v0.0.0", () => {
    expect(
      appVersion({
        VITE_APP_VERSION: "1.4.2",
        VITE_APP_COMMIT: "",
        VITE_APP_BUILT: "2026-11-27",
      } as ImportMetaEnv),
    ).toBe("v1.4.2 (2026-11-27)");
    expect(appVersion({ VITE_APP_VERSION: "1.4.2" } as ImportMetaEnv)).toBe("v1.4.2");
    expect(appVersion({} as ImportMetaEnv)).toBeNull();
    expect(packageVersion).not.toBe("0.0.0");
  });

  it("clears the caches after asking, keeping the session, the language and the theme", async () => {
    localStorage.setItem(StorageKey.accessToken, "token");
    localStorage.setItem(StorageKey.refreshToken, "refresh");
    localStorage.setItem(StorageKey.userInfo, '{"id":"7"}');
    localStorage.setItem(StorageKey.language, "zhCN");
    localStorage.setItem(StorageKey.theme, '"light"');
    localStorage.setItem(searchHistoryKey("7"), '["猫"]');
    localStorage.setItem("editvideo-draft:7:new", "{}");
    const deleted: string[] = [];
    vi.stubGlobal("caches", {
      keys: () => Promise.resolve(["workbox-precache-v2-https://x/", "assets", "images"]),
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    });
    try {
      const app = await render();
      app.queryClient.setQueryData(sessionKeys.profile(), { nickName: "小影" });
      await waitFor(() => byText("清除缓存"));

      await click(control("清除缓存"));
      await waitFor(() => byText("将清除本机缓存的数据（如搜索记录、未发布的视频草稿），不会退出登录。"));
      await click(control("取消"));
      expect(localStorage.getItem(searchHistoryKey("7"))).toBe('["猫"]');
      expect(app.queryClient.getQueryData(sessionKeys.profile())).toEqual({ nickName: "小影" });

      await click(control("清除缓存"));
      await waitFor(() => control("清除"));
      await click(control("清除"));
      await waitFor(() => {
        expect(document.querySelector(".pf-toaster")?.textContent).toContain("缓存已清除");
      });
      expect(localStorage.getItem(searchHistoryKey("7"))).toBeNull();
      expect(localStorage.getItem("editvideo-draft:7:new")).toBeNull();
      expect(localStorage.getItem(StorageKey.accessToken)).toBe("token");
      expect(localStorage.getItem(StorageKey.refreshToken)).toBe("refresh");
      expect(localStorage.getItem(StorageKey.userInfo)).toBe('{"id":"7"}');
      expect(localStorage.getItem(StorageKey.language)).toBe("zhCN");
      expect(localStorage.getItem(StorageKey.theme)).toBe('"light"');
      expect(app.queryClient.getQueryData(sessionKeys.profile())).toBeUndefined();
      expect(deleted).toEqual(["images"]);
      expect(queryText("将清除本机缓存的数据（如搜索记录、未发布的视频草稿），不会退出登录。")).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("opens customer service's address in a new tab", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    try {
      const api = {
        system: { customService: () => Promise.resolve({ url: "https://help.example.com/chat" }) },
      };
      await render(api);
      await waitFor(() => byText("联系客服"));
      await click(control("联系客服"));
      await waitFor(() => {
        expect(open).toHaveBeenCalledWith("https://help.example.com/chat", "_blank", "noopener");
      });
    } finally {
      open.mockRestore();
    }
  });
});
