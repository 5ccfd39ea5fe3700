import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { props } from "../test/loginPopup";
import { LoginPopup } from "./LoginPopup";
import type { LoginPopupProps } from "./LoginPopup";

// The album path's decoder (its real decoding is tested in qrDecode.test.ts).
const decoded = vi.hoisted(() => ({ found: null as string | null }));
vi.mock("jsqr", () => ({
  default: () => (decoded.found === null ? null : { data: decoded.found }),
}));

afterEach(() => {
  decoded.found = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Decoding options that read any image as a 2 × 2 picture (jsqr is mocked to find `decoded.found`). */
const tinyImage = {
  read: () => Promise.resolve({ data: new Uint8ClampedArray(16), width: 2, height: 2 }),
};

/** Opens the popup and picks an image from the album. */
async function uploadAlbumImage(p: LoginPopupProps) {
  const { user } = await renderUi(<LoginPopup {...p} />);
  await user.upload(screen.getByTestId("album-file"), new File(["x"], "id.png", { type: "image/png" }));
  return user;
}

describe("LoginPopup identity card", () => {
  it("opens the scanner (here without a camera, offering the album)", async () => {
    const { user } = await renderUi(<LoginPopup {...props()} />);
    await user.click(screen.getByRole("button", { name: "扫描身份卡二维码" }));
    // The scanner's code loads when it is first opened.
    expect(await screen.findByRole("dialog", { name: "扫描身份卡二维码" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(
      "此设备或浏览器无法使用相机，请从相册选择二维码图片。",
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "扫描身份卡二维码" })).toBeNull();
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
      decodeOptions: tinyImage,
    });
    await uploadAlbumImage(p);
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
      decodeOptions: tinyImage,
    });
    await uploadAlbumImage(p);
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

  it("names the app's own identity card, never the national ID card, in both languages", async () => {
    const zh = await renderUi(<LoginPopup {...props()} />);
    expect(screen.getByRole("heading", { name: "身份卡登录" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "扫描身份卡二维码" })).toBeTruthy();
    expect(document.body.textContent).not.toContain("身份证");
    zh.unmount();
    await renderUi(<LoginPopup {...props()} />, { language: Language.enUS });
    expect(screen.getByRole("heading", { name: "Identity card sign-in" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Scan identity card QR code" })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\bID card\b/i);
  });

  it("is offered in the login modes only", async () => {
    const { user } = await renderUi(<LoginPopup {...props()} />);
    expect(screen.getByRole("button", { name: "从相册选择" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "注册账号" }));
    expect(screen.queryByRole("button", { name: "从相册选择" })).toBeNull();
    expect(screen.queryByRole("button", { name: "扫描身份卡二维码" })).toBeNull();
  });
});
