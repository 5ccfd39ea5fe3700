import { StorageKey, Theme } from "@platform/domain";
import { beforeEach, describe, expect, it } from "vitest";
import { themeAtom } from "../../app/state";
import { byText, click, control, queryText, renderApp, waitFor } from "../../test/renderApp";
import { SettingsScreen } from "./SettingsScreen";

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
    const app = await renderApp({ api: {}, path: "/mysettings", pages: { "/mysettings": SettingsScreen } });
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
    const app = await renderApp({ api: {}, path: "/mysettings", pages: { "/mysettings": SettingsScreen } });
    await waitFor(() => byText("主题"));
    expect(radio("深色").checked).toBe(true);
    await click(radio("浅色"));
    expect(app.store.get(themeAtom)).toBe(Theme.light);
    expect(radio("浅色").checked).toBe(true);
  });

  it("links to the account's other settings", async () => {
    const app = await renderApp({ api: {}, path: "/mysettings", pages: { "/mysettings": SettingsScreen } });
    await waitFor(() => byText("账号与安全"));
    await click(control("账号与安全"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/accountsecuritysettings");
    });
  });
});
