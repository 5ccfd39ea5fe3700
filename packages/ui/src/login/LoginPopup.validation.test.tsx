import { screen } from "@testing-library/react";
import { LoginMode } from "@platform/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { en, fieldProblems, props, toasts, zh } from "../test/loginPopup";
import { LoginPopup } from "./LoginPopup";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe.each([
  [Language.zhCN, zh],
  [Language.enUS, en],
])("LoginPopup validation (%s)", (language, text) => {
  it("code login: phone needed and the code", async () => {
    const p = props();
    const { user } = await renderUi(<LoginPopup {...p} />, { language });
    await user.click(screen.getByRole("button", { name: language === Language.enUS ? "Login" : "登录" }));
    expect(fieldProblems()).toEqual([text.phoneRequired, text.code]);
    expect(toasts()).toEqual([text.phoneRequired]);
    expect(p.onCodeLogin).not.toHaveBeenCalled();
  });

  it("password login: a wrong phone first, then an empty password", async () => {
    const p = props({ defaultMode: LoginMode.login });
    const { user } = await renderUi(<LoginPopup {...p} />, { language });
    const phone = screen.getByRole("textbox", {
      name: language === Language.enUS ? "Phone number" : "手机号",
    });
    const submit = screen.getByRole("button", { name: language === Language.enUS ? "Login" : "登录" });
    await user.type(phone, "12345678901");
    await user.click(submit);
    expect(fieldProblems()).toEqual([text.phoneInvalid]);
    await user.clear(phone);
    await user.type(phone, "13812345678");
    await user.click(submit);
    expect(fieldProblems()).toEqual([text.password]);
    expect(toasts()).toContain(text.password);
    expect(p.onPasswordLogin).not.toHaveBeenCalled();
  });

  it.each([LoginMode.reg, LoginMode.reset])("%s: four-digit code and a 6-18 password", async (mode) => {
    const p = props({ defaultMode: mode });
    const { user } = await renderUi(<LoginPopup {...p} />, { language });
    const english = language === Language.enUS;
    await user.type(
      screen.getByRole("textbox", { name: english ? "Phone number" : "手机号" }),
      "13812345678",
    );
    await user.type(screen.getByRole("textbox", { name: english ? "Code" : "验证码" }), "12");
    const password = screen.getByLabelText(
      mode === LoginMode.reg
        ? english
          ? "Set a password"
          : "设置密码"
        : english
          ? "New password"
          : "新密码",
    );
    await user.type(password, "12345");
    const submit =
      mode === LoginMode.reg
        ? screen.getByRole("button", { name: english ? "Register" : "注册" })
        : screen.getByRole("button", { name: english ? "Reset" : "确认重置" });
    await user.click(submit);
    expect(fieldProblems()).toEqual([text.code, text.password]);
    expect(toasts()).toEqual([text.code]);
    expect(p.onRegister).not.toHaveBeenCalled();
    expect(p.onResetPassword).not.toHaveBeenCalled();
  });
});
