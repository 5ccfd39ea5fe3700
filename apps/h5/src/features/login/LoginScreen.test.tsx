import { Language, StorageKey } from "@platform/domain";
import { beforeEach, describe, expect, it } from "vitest";
import { byText, click, queryText, renderApp, waitFor } from "../../test/renderApp";
import { LoginScreen } from "./LoginScreen";

const Login = () => <LoginScreen redirect="/" />;

function radio(name: string): HTMLInputElement {
  const input = document.body.querySelector<HTMLInputElement>(`input[type=radio][value="${name}"]`);
  if (input === null) throw new Error(`no radio ${name}`);
  return input;
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = "zh-CN";
});

describe("the sign-in sheet's language switch", () => {
  it("offers 中文 and English and turns the whole sheet to the other language, keeping the choice", async () => {
    await renderApp({ api: {}, path: "/login", pages: { "/login": Login } });
    await waitFor(() => byText("手机验证码登录"));
    expect(radio(Language.zhCN).checked).toBe(true);
    expect(byText("English")).toBeTruthy();

    await click(radio(Language.enUS));
    await waitFor(() => byText("Log in with a phone code"));
    expect(radio(Language.enUS).checked).toBe(true);
    expect(byText("Welcome to Platform")).toBeTruthy();
    expect(queryText("手机验证码登录")).toBeNull();
    expect(localStorage.getItem(StorageKey.language)).toBe(Language.enUS);
    expect(document.documentElement.lang).toBe("en-US");

    await click(radio(Language.zhCN));
    await waitFor(() => byText("手机验证码登录"));
    expect(localStorage.getItem(StorageKey.language)).toBe(Language.zhCN);
  });

  it("shows English when the app started in English (the browser's language)", async () => {
    await renderApp({ api: {}, path: "/login", pages: { "/login": Login }, language: Language.enUS });
    await waitFor(() => byText("Log in with a phone code"));
    expect(radio(Language.enUS).checked).toBe(true);
    expect(document.body.querySelector("fieldset legend")?.textContent).toBe("Language");
  });
});
