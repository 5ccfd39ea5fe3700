import { screen } from "@testing-library/react";
import { LoginMode } from "@platform/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { props } from "../test/loginPopup";
import { LoginPopup } from "./LoginPopup";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LoginPopup modes", () => {
  it("starts in SMS code login and links to every other mode, titled per the spec", async () => {
    const p = props();
    const { user } = await renderUi(<LoginPopup {...p} />);
    expect(screen.getByRole("dialog", { name: "手机验证码登录" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "验证码" })).toBeTruthy();
    expect(screen.queryByLabelText("密码")).toBeNull();

    await user.click(screen.getByRole("button", { name: "密码登录" }));
    expect(screen.getByRole("dialog", { name: "登录" })).toBeTruthy();
    expect(p.onModeChange).toHaveBeenLastCalledWith(LoginMode.login);
    expect(screen.getByLabelText("密码")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "验证码" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "注册账号" }));
    expect(screen.getByRole("dialog", { name: "注册账号密码" })).toBeTruthy();
    expect(p.onModeChange).toHaveBeenLastCalledWith(LoginMode.reg);

    await user.click(screen.getByRole("button", { name: "忘记密码" }));
    expect(screen.getByRole("dialog", { name: "重置密码" })).toBeTruthy();
    expect(p.onModeChange).toHaveBeenLastCalledWith(LoginMode.reset);

    await user.click(screen.getByRole("button", { name: "验证码登录" }));
    expect(screen.getByRole("dialog", { name: "手机验证码登录" })).toBeTruthy();
    // A mode never links to itself.
    expect(screen.queryByRole("button", { name: "验证码登录" })).toBeNull();
  });

  it.each([
    [LoginMode.codeLogin, "Log in with a phone code"],
    [LoginMode.login, "Login"],
    [LoginMode.reg, "Register with a password"],
    [LoginMode.reset, "Reset password"],
  ])("titles %s in English", async (mode, title) => {
    await renderUi(<LoginPopup {...props()} mode={mode} />, { language: Language.enUS });
    expect(screen.getByRole("dialog", { name: title })).toBeTruthy();
  });

  it("follows a controlled mode and only reports link clicks", async () => {
    const p = props({ mode: LoginMode.reg });
    const { user } = await renderUi(<LoginPopup {...p} />);
    await user.click(screen.getByRole("button", { name: "密码登录" }));
    expect(p.onModeChange).toHaveBeenCalledWith(LoginMode.login);
    expect(screen.getByRole("dialog", { name: "注册账号密码" })).toBeTruthy();
  });

  it("keeps the phone across modes and shows +86 before it", async () => {
    const { user } = await renderUi(<LoginPopup {...props()} />);
    await user.type(screen.getByRole("textbox", { name: "手机号" }), "13812345678");
    await user.click(screen.getByRole("button", { name: "注册账号" }));
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "手机号" }).value).toBe("13812345678");
    const phone = document.querySelector<HTMLElement>(".pf-login__phone");
    expect(phone?.style.getPropertyValue("--pf-login-prefix")).toBe('"+86"');
  });
});
