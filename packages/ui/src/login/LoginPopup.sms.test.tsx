import { act, screen, waitFor } from "@testing-library/react";
import { LoginMode, SmsCodeType } from "@platform/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { en, fieldProblems, props, toasts } from "../test/loginPopup";
import { LoginPopup } from "./LoginPopup";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LoginPopup SMS code", () => {
  it("checks the phone before sending", async () => {
    const p = props();
    const { user } = await renderUi(<LoginPopup {...p} />, { language: Language.enUS });
    await user.click(screen.getByRole("button", { name: "Get code" }));
    expect(p.onSendCode).not.toHaveBeenCalled();
    expect(fieldProblems()).toEqual([en.phoneRequired]);
    expect(toasts()).toEqual([en.phoneRequired]);
  });

  it.each([
    [LoginMode.codeLogin, SmsCodeType.LOGIN],
    [LoginMode.reg, SmsCodeType.REGISTER],
    [LoginMode.reset, SmsCodeType.RESET],
  ])("sends the %s code as %s", async (mode, type) => {
    const p = props({ defaultMode: mode });
    const { user } = await renderUi(<LoginPopup {...p} />);
    await user.type(screen.getByRole("textbox", { name: "手机号" }), "13812345678");
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(p.onSendCode).toHaveBeenCalledWith("13812345678", type);
  });

  it("counts down 60 s after sending, then can send again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const p = props();
    const { user } = await renderUi(<LoginPopup {...p} />, { advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole("textbox", { name: "手机号" }), "13812345678");
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByText("验证码已发送")).toBeTruthy();
    const counting = screen.getByRole<HTMLButtonElement>("button", { name: "60s" });
    expect(counting.disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByRole("button", { name: "30s" })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(screen.getByRole("button", { name: "1s" })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    const again = screen.getByRole<HTMLButtonElement>("button", { name: "获取验证码" });
    expect(again.disabled).toBe(false);
    await user.click(again);
    expect(p.onSendCode).toHaveBeenCalledTimes(2);
  });

  it("counts down from the server's seconds when it refuses a code as too soon, and says no 'sent'", async () => {
    const p = props({ onSendCode: vi.fn(() => Promise.resolve({ waitSeconds: 47 })) });
    const { user } = await renderUi(<LoginPopup {...p} />);
    await user.type(screen.getByRole("textbox", { name: "手机号" }), "13812345678");
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    const counting = await screen.findByRole<HTMLButtonElement>("button", { name: /^4[67]s$/ });
    expect(counting.disabled).toBe(true);
    expect(screen.queryByText("验证码已发送")).toBeNull();
  });

  it("never cuts a long password: it keeps all of it and says the 6-18 rule at once", async () => {
    const p = props({ defaultMode: LoginMode.login });
    const { user } = await renderUi(<LoginPopup {...p} />);
    const field = screen.getByLabelText<HTMLInputElement>("密码", { selector: "input" });
    const long = "abcdefghij0123456789x";
    await user.type(field, long);
    expect(field.value).toBe(long);
    expect(field.maxLength).toBe(-1);
    expect(screen.getAllByText("密码为 6-18 位").length).toBeGreaterThan(0);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    await user.type(screen.getByRole("textbox", { name: "手机号" }), "13812345678");
    await user.click(screen.getByRole("button", { name: "登录" }));
    expect(p.onPasswordLogin).not.toHaveBeenCalled();
  });

  it("does not count down when sending fails", async () => {
    const p = props({ onSendCode: vi.fn(() => Promise.resolve(false)) });
    const { user } = await renderUi(<LoginPopup {...p} />);
    await user.type(screen.getByRole("textbox", { name: "手机号" }), "13812345678");
    await user.click(screen.getByRole("button", { name: "获取验证码" }));
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>("button", { name: "获取验证码" }).disabled).toBe(false);
    });
    expect(screen.queryByText("验证码已发送")).toBeNull();
  });
});
