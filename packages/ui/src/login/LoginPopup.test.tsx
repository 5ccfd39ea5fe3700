import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { LoginMode, SmsCodeType } from "@platform/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { LoginPopup } from "./LoginPopup";
import type { LoginPopupProps } from "./LoginPopup";

// The album path's decoder (its real decoding is tested in qrDecode.test.ts).
const decoded = vi.hoisted(() => ({ found: null as string | null }));
vi.mock("jsqr", () => ({
  default: () => (decoded.found === null ? null : { data: decoded.found }),
}));

function props(overrides: Partial<LoginPopupProps> = {}): LoginPopupProps {
  return {
    open: true,
    onClose: vi.fn(),
    onModeChange: vi.fn(),
    onSendCode: vi.fn(() => Promise.resolve(true)),
    onCodeLogin: vi.fn(() => Promise.resolve()),
    onPasswordLogin: vi.fn(() => Promise.resolve()),
    onRegister: vi.fn(() => Promise.resolve()),
    onResetPassword: vi.fn(() => Promise.resolve()),
    onIdCardQr: vi.fn(),
    alert: vi.fn(),
    mediaDevices: null,
    ...overrides,
  };
}

/** The inline problems shown under the fields, in order. */
function fieldProblems(): string[] {
  return [...document.querySelectorAll(".pf-text-field__error")].map((node) => node.textContent);
}

/** The toasts on screen. */
function toasts(): string[] {
  return [...document.querySelectorAll(".pf-toast")].map((node) => node.textContent);
}

afterEach(() => {
  decoded.found = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const zh = {
  phoneRequired: "请输入手机号",
  phoneInvalid: "请输入正确的手机号",
  code: "请输入 4 位验证码",
  password: "密码为 6-18 位",
};
const en = {
  phoneRequired: "Phone number needed",
  phoneInvalid: "Please enter the correct mobile phone number",
  code: "Enter the four-digit code",
  password: "Password format: 6-18 characters",
};

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
    [LoginMode.codeLogin, "Phone code login"],
    [LoginMode.login, "Login"],
    [LoginMode.reg, "Register account and password"],
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

describe("LoginPopup identity card", () => {
  it("opens the scanner (here without a camera, offering the album)", async () => {
    const { user } = await renderUi(<LoginPopup {...props()} />);
    await user.click(screen.getByRole("button", { name: "扫描身份证二维码" }));
    expect(screen.getByRole("dialog", { name: "扫描身份证二维码" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(
      "此设备或浏览器无法使用相机，请从相册选择二维码图片。",
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "扫描身份证二维码" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "手机验证码登录" })).toBeTruthy();
  });

  it("alerts 'no QR code recognised' for an album image without a code", async () => {
    const p = props({
      decodeOptions: {
        read: () =>
          Promise.resolve({ data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 }),
      },
    });
    const { user } = await renderUi(<LoginPopup {...p} />, { language: Language.enUS });
    await user.upload(screen.getByTestId("album-file"), new File(["x"], "id.jpg", { type: "image/jpeg" }));
    await waitFor(() => {
      expect(p.alert).toHaveBeenCalledWith("No QR code recognised");
    });
    expect(p.onIdCardQr).not.toHaveBeenCalled();
  });

  it("logs in with the code of an album image: success toast, then closes", async () => {
    decoded.found = "ID-110101";
    const p = props({
      decodeOptions: {
        read: () => Promise.resolve({ data: new Uint8ClampedArray(16), width: 2, height: 2 }),
      },
    });
    const { user } = await renderUi(<LoginPopup {...p} />);
    await user.upload(screen.getByTestId("album-file"), new File(["x"], "id.png", { type: "image/png" }));
    await waitFor(() => {
      expect(p.onIdCardQr).toHaveBeenCalledWith("ID-110101");
    });
    expect(await screen.findByText("登录成功")).toBeTruthy();
    expect(p.onClose).toHaveBeenCalled();
    expect(p.alert).not.toHaveBeenCalled();
  });

  it("stays open when the identity-card login fails", async () => {
    decoded.found = "ID-110101";
    const p = props({
      onIdCardQr: vi.fn(() => Promise.reject(new Error("unknown card"))),
      decodeOptions: {
        read: () => Promise.resolve({ data: new Uint8ClampedArray(16), width: 2, height: 2 }),
      },
    });
    const { user } = await renderUi(<LoginPopup {...p} />);
    await user.upload(screen.getByTestId("album-file"), new File(["x"], "id.png", { type: "image/png" }));
    await waitFor(() => {
      expect(p.onIdCardQr).toHaveBeenCalled();
    });
    await waitFor(() => {
      expect(screen.getByRole("button", { name: "登录" }).getAttribute("aria-busy")).toBeNull();
    });
    expect(p.onClose).not.toHaveBeenCalled();
  });

  it("refuses a file that is not an image", async () => {
    const p = props();
    await renderUi(<LoginPopup {...p} />);
    fireEvent.change(screen.getByTestId("album-file"), {
      target: { files: [new File(["x"], "id.pdf", { type: "application/pdf" })] },
    });
    expect(await screen.findByText("请选择图片文件")).toBeTruthy();
    expect(p.alert).not.toHaveBeenCalled();
  });

  it("is offered in the login modes only", async () => {
    const { user } = await renderUi(<LoginPopup {...props()} />);
    expect(screen.getByRole("button", { name: "从相册选择" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "注册账号" }));
    expect(screen.queryByRole("button", { name: "从相册选择" })).toBeNull();
    expect(screen.queryByRole("button", { name: "扫描身份证二维码" })).toBeNull();
  });
});
