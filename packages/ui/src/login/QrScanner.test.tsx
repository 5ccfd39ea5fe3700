import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlatformI18nProvider } from "@platform/i18n";
import { ToastProvider } from "../primitives/Toast";
import { Language, renderUi } from "../test/render";
import { QrScanner } from "./QrScanner";
import type { CameraAccess } from "./QrScanner";

// The camera path's decoder: every frame 'holds' a code once `found` is set.
const decoded = vi.hoisted(() => ({ found: null as string | null, calls: 0, size: [0, 0] }));
vi.mock("jsqr", () => ({
  default: (_data: Uint8ClampedArray, width: number, height: number) => {
    decoded.calls++;
    decoded.size = [width, height];
    return decoded.found === null ? null : { data: decoded.found };
  },
}));

function fakeStream() {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
}

function camera(
  result: () => Promise<MediaStream>,
): CameraAccess & { getUserMedia: ReturnType<typeof vi.fn> } {
  return { getUserMedia: vi.fn(result) };
}

beforeEach(() => {
  decoded.found = null;
  decoded.calls = 0;
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  // jsdom draws nothing: a canvas whose pixels are blank, and a video that has a frame.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({
    drawImage: vi.fn(),
    getImageData: (_x: number, _y: number, w: number, h: number) => ({
      data: new Uint8ClampedArray(w * h * 4),
      width: w,
      height: h,
    }),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLMediaElement.prototype, "readyState", "get").mockReturnValue(4);
  vi.spyOn(HTMLVideoElement.prototype, "videoWidth", "get").mockReturnValue(720);
  vi.spyOn(HTMLVideoElement.prototype, "videoHeight", "get").mockReturnValue(900);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("QrScanner", () => {
  it("opens the rear camera at aspect 0.8 and stops it when closed", async () => {
    const { stream, track } = fakeStream();
    const devices = camera(() => Promise.resolve(stream));
    const props = { onClose: vi.fn(), onResult: vi.fn(), mediaDevices: devices };
    const { rerender, i18n } = await renderUi(<QrScanner open {...props} />);
    expect(devices.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: "environment", aspectRatio: 0.8 },
      audio: false,
    });
    expect(await screen.findByText("将身份卡二维码放入框内，即可自动扫描")).toBeTruthy();
    expect(track.stop).not.toHaveBeenCalled();
    rerender(
      <PlatformI18nProvider i18n={i18n}>
        <ToastProvider>
          <QrScanner open={false} {...props} />
        </ToastProvider>
      </PlatformI18nProvider>,
    );
    expect(track.stop).toHaveBeenCalled();
  });

  it("decodes frames of the 300 × 300 box and hands over the first text found", async () => {
    const { stream, track } = fakeStream();
    const onResult = vi.fn();
    await renderUi(
      <QrScanner
        open
        onClose={vi.fn()}
        onResult={onResult}
        mediaDevices={camera(() => Promise.resolve(stream))}
      />,
    );
    await screen.findByText("将身份卡二维码放入框内，即可自动扫描");
    await waitFor(() => {
      expect(decoded.calls).toBeGreaterThan(0);
    });
    expect(decoded.size).toEqual([300, 300]);
    expect(onResult).not.toHaveBeenCalled();
    decoded.found = "ID-110101";
    await waitFor(() => {
      expect(onResult).toHaveBeenCalledWith("ID-110101");
    });
    expect(track.stop).toHaveBeenCalled();
    const calls = decoded.calls;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(decoded.calls).toBe(calls);
    expect(onResult).toHaveBeenCalledTimes(1);
  });

  it("stops a camera that arrives after the scanner was closed", async () => {
    const { stream, track } = fakeStream();
    let grant: (s: MediaStream) => void = () => undefined;
    const devices = camera(() => new Promise<MediaStream>((resolve) => (grant = resolve)));
    const { unmount } = await renderUi(
      <QrScanner open onClose={vi.fn()} onResult={vi.fn()} mediaDevices={devices} />,
    );
    unmount();
    grant(stream);
    await waitFor(() => {
      expect(track.stop).toHaveBeenCalled();
    });
  });

  it.each([
    [Language.zhCN, "无法使用相机：请在浏览器设置中允许访问相机，或从相册选择二维码图片。", "重试"],
    [
      Language.enUS,
      "The camera cannot be used: allow camera access in the browser settings, or choose the QR code image from the album.",
      "Retry",
    ],
  ])("says clearly when the camera is refused (%s), and can ask again", async (language, text, retry) => {
    const denied = new DOMException("Permission denied", "NotAllowedError");
    const devices = camera(() => Promise.reject(denied));
    const onError = vi.fn();
    const { user } = await renderUi(
      <QrScanner open onClose={vi.fn()} onResult={vi.fn()} onError={onError} mediaDevices={devices} />,
      { language },
    );
    expect((await screen.findByRole("alert")).textContent).toBe(text);
    expect(onError).toHaveBeenCalledWith(denied);
    expect(
      screen.getByRole("button", { name: language === Language.enUS ? "Choose from album" : "从相册选择" }),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: retry }));
    await waitFor(() => {
      expect(devices.getUserMedia).toHaveBeenCalledTimes(2);
    });
  });

  it("tells a missing camera apart, without a retry", async () => {
    const devices = camera(() => Promise.reject(new DOMException("none", "NotFoundError")));
    await renderUi(<QrScanner open onClose={vi.fn()} onResult={vi.fn()} mediaDevices={devices} />);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "此设备或浏览器无法使用相机，请从相册选择二维码图片。",
    );
    expect(screen.queryByRole("button", { name: "重试" })).toBeNull();
  });

  it("works without any camera API (jsdom has none), with no console error", async () => {
    const error = vi.spyOn(console, "error");
    await renderUi(<QrScanner open onClose={vi.fn()} onResult={vi.fn()} />);
    expect(screen.getByRole("alert").textContent).toBe(
      "此设备或浏览器无法使用相机，请从相册选择二维码图片。",
    );
    expect(error).not.toHaveBeenCalled();
  });

  it("decodes an album image, and alerts 'no QR code recognised' when there is none", async () => {
    const alert = vi.fn();
    const onResult = vi.fn();
    const read = vi.fn(() => Promise.resolve({ data: new Uint8ClampedArray(16), width: 2, height: 2 }));
    const { user } = await renderUi(
      <QrScanner
        open
        onClose={vi.fn()}
        onResult={onResult}
        mediaDevices={null}
        alert={alert}
        decodeOptions={{ read }}
      />,
    );
    const png = new File(["x"], "card.png", { type: "image/png" });
    await user.upload(screen.getByTestId("album-file"), png);
    await waitFor(() => {
      expect(alert).toHaveBeenCalledWith("未识别到二维码");
    });
    expect(onResult).not.toHaveBeenCalled();

    decoded.found = "ID-9";
    await user.upload(screen.getByTestId("album-file"), png);
    await waitFor(() => {
      expect(onResult).toHaveBeenCalledWith("ID-9");
    });
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it("refuses files that are not images with the 'image files only' toast", async () => {
    const alert = vi.fn();
    const read = vi.fn();
    await renderUi(
      <QrScanner
        open
        onClose={vi.fn()}
        onResult={vi.fn()}
        mediaDevices={null}
        alert={alert}
        decodeOptions={{ read }}
      />,
    );
    // fireEvent: user.upload would filter by the input's accept attribute first.
    fireEvent.change(screen.getByTestId("album-file"), {
      target: { files: [new File(["x"], "card.svg", { type: "image/svg+xml" })] },
    });
    expect(await screen.findByText("请选择图片文件")).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });
});
