import { act, screen, waitFor } from "@testing-library/react";
import { LoginMode } from "@platform/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../test/render";
import { props } from "../test/loginPopup";
import { LoginPopup } from "./LoginPopup";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LoginPopup submitting", () => {
  it("logs in with a code of at least 4 characters, toasts success and closes", async () => {
    const p = props();
    const { user } = await renderUi(<LoginPopup {...p} />);
    await user.type(screen.getByRole("textbox", { name: "手机号" }), "13812345678");
    await user.type(screen.getByRole("textbox", { name: "验证码" }), "1234");
    await user.click(screen.getByRole("button", { name: "登录" }));
    expect(p.onCodeLogin).toHaveBeenCalledWith("13812345678", "1234");
    expect(await screen.findByText("登录成功")).toBeTruthy();
    expect(p.onClose).toHaveBeenCalled();
  });

  it("registers and closes; a reset goes on to password login", async () => {
    const p = props({ defaultMode: LoginMode.reg });
    const { user } = await renderUi(<LoginPopup {...p} />);
    await user.type(screen.getByRole("textbox", { name: "手机号" }), "13812345678");
    await user.type(screen.getByRole("textbox", { name: "验证码" }), "1234");
    await user.type(screen.getByLabelText("设置密码"), "secret1");
    await user.click(screen.getByRole("button", { name: "注册" }));
    expect(p.onRegister).toHaveBeenCalledWith("13812345678", "1234", "secret1");
    expect(await screen.findByText("注册成功")).toBeTruthy();
    expect(p.onClose).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: "忘记密码" }));
    await user.type(screen.getByRole("textbox", { name: "验证码" }), "4321");
    await user.type(screen.getByLabelText("新密码"), "secret22");
    await user.click(screen.getByRole("button", { name: "确认重置" }));
    expect(p.onResetPassword).toHaveBeenCalledWith("13812345678", "4321", "secret22");
    expect(await screen.findByText("密码重置成功")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "登录" })).toBeTruthy();
    expect(p.onClose).toHaveBeenCalledTimes(1);
  });

  it("is busy while the call runs and keeps everything typed when it fails", async () => {
    let fail: (error: Error) => void = () => undefined;
    const onPasswordLogin = vi.fn(
      () =>
        new Promise<void>((_resolve, reject) => {
          fail = reject;
        }),
    );
    const p = props({ defaultMode: LoginMode.login, onPasswordLogin });
    const { user } = await renderUi(<LoginPopup {...p} />);
    await user.type(screen.getByRole("textbox", { name: "手机号" }), "13812345678");
    await user.type(screen.getByLabelText("密码"), "wrong-one");
    await user.click(screen.getByRole("button", { name: "登录" }));
    const submit = screen.getByRole("button", { name: "登录" });
    expect(submit.getAttribute("aria-busy")).toBe("true");
    await user.click(submit);
    expect(onPasswordLogin).toHaveBeenCalledTimes(1);
    await act(async () => {
      fail(new Error("wrong password"));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(screen.getByRole("button", { name: "登录" }).getAttribute("aria-busy")).toBeNull();
    });
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "手机号" }).value).toBe("13812345678");
    expect(screen.getByLabelText<HTMLInputElement>("密码").value).toBe("wrong-one");
    expect(p.onClose).not.toHaveBeenCalled();
  });

  it("shows busy and the caller's error", async () => {
    await renderUi(<LoginPopup {...props()} busy error="账号或密码错误" />);
    expect(screen.getByRole("button", { name: "登录" }).getAttribute("aria-busy")).toBe("true");
    expect(screen.getByText("账号或密码错误").getAttribute("role")).toBe("alert");
  });
});
