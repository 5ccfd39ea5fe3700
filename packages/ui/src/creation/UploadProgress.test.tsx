import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { UploadProgress } from "./UploadProgress";
import type { UploadPhase, UploadProgressProps } from "./UploadProgress";

const MB = 1024 * 1024;

function props(phase: UploadPhase, overrides: Partial<UploadProgressProps> = {}): UploadProgressProps {
  return {
    fileName: "clip.mp4",
    phase,
    loaded: 12.5 * MB,
    total: 50 * MB,
    onPause: vi.fn(),
    onResume: vi.fn(),
    onCancel: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  };
}

const buttons = () => screen.queryAllByRole("button").map((b) => b.textContent);
/** The upload's own live region (the toaster is one too). */
const state = () => within(screen.getByRole("group")).getByRole("status");

describe("UploadProgress", () => {
  it("shows the percentage and the megabytes on a progress bar, the state in a live region", async () => {
    await renderUi(<UploadProgress {...props("uploading")} />);
    const bar = screen.getByRole("progressbar", { name: "上传进度" });
    expect(bar.getAttribute("aria-valuenow")).toBe("25");
    expect(bar.getAttribute("aria-valuetext")).toBe("25%，已上传 12.5 MB，共 50.0 MB");
    expect(screen.getByText("12.5 MB / 50.0 MB")).toBeTruthy();
    expect(screen.getByText("25%")).toBeTruthy();
    expect(state().textContent).toBe("上传中 20%");
    expect(screen.getByRole("group", { name: "视频上传" })).toBeTruthy();
  });

  it.each<[UploadPhase, string, (string | null)[]]>([
    ["signing", "准备上传…", ["暂停上传", "取消上传"]],
    ["uploading", "上传中", ["暂停上传", "取消上传"]],
    ["paused", "已暂停", ["继续上传", "取消上传"]],
    ["offline", "网络已断开，等待网络恢复后自动继续…", ["暂停上传", "取消上传"]],
    ["completing", "正在完成上传…", ["取消上传"]],
    ["done", "上传完成", []],
    ["failed", "上传失败", ["重新上传", "取消上传"]],
    ["cancelled", "已取消上传", []],
  ])("in state %s says '%s' and offers %j", async (phase, words, offered) => {
    await renderUi(<UploadProgress {...props(phase)} />);
    expect(state().textContent).toContain(words);
    expect(buttons()).toEqual(offered);
  });

  it("calls pause, resume, cancel and retry", async () => {
    const uploading = props("uploading");
    const { user, unmount } = await renderUi(<UploadProgress {...uploading} />);
    await user.click(screen.getByRole("button", { name: "暂停上传" }));
    expect(uploading.onPause).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "取消上传" }));
    expect(uploading.onCancel).toHaveBeenCalledOnce();
    unmount();

    const paused = props("paused");
    const second = await renderUi(<UploadProgress {...paused} />);
    await second.user.click(screen.getByRole("button", { name: "继续上传" }));
    expect(paused.onResume).toHaveBeenCalledOnce();
    second.unmount();

    const failed = props("failed", { reason: "上传已过期" });
    const third = await renderUi(<UploadProgress {...failed} />);
    expect(screen.getByRole("alert").textContent).toBe("上传已过期");
    await third.user.click(screen.getByRole("button", { name: "重新上传" }));
    expect(failed.onRetry).toHaveBeenCalledOnce();
  });

  it("reads 100 % when done, and hundredths of a megabyte for a small file", async () => {
    await renderUi(<UploadProgress {...props("done", { loaded: 300_000, total: 600_000 })} />);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    expect(screen.getByText("0.57 MB / 0.57 MB")).toBeTruthy();
  });

  it("speaks English", async () => {
    await renderUi(<UploadProgress {...props("offline")} />, { language: Language.enUS });
    expect(screen.getByRole("progressbar", { name: "Upload progress" })).toBeTruthy();
    expect(state().textContent).toBe(
      "Waiting for the network: the upload goes on by itself when it is back…",
    );
    expect(buttons()).toEqual(["Pause upload", "Cancel upload"]);
  });
});
