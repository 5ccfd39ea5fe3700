import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { fakeShaka, pendingShaka } from "../test/fakeShaka";
import { fakeMediaClock } from "../test/testClock";
import { renderPlayer, restoreMocksAfterEach, sources } from "../test/videoPlayer";
import { VideoPlayer } from "./VideoPlayer";

restoreMocksAfterEach();

describe("VideoPlayer: loading shaka", () => {
  it("shows a loading state while shaka loads", async () => {
    await renderUi(<VideoPlayer sources={sources} previewLimitSeconds={null} loadShaka={pendingShaka} />);
    const region = screen.getByRole("region");
    expect(within(region).getByRole("status").textContent).toBe("视频加载中");
    expect(region.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByRole("button", { name: "播放" })).toBeNull();
  });

  it("with the real shaka in jsdom: the unsupported state, reported, and no console error", async () => {
    const errors = vi.spyOn(console, "error");
    const onError = vi.fn();
    await renderUi(<VideoPlayer sources={sources} previewLimitSeconds={null} onError={onError} />);
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert.textContent).toContain("当前浏览器不支持播放该视频");
    expect(within(alert).getByRole("button", { name: "重试" })).toBeTruthy();
    expect(onError).toHaveBeenCalledWith({ kind: "unsupported" });
    expect(errors).not.toHaveBeenCalled();
  });

  it("a failed load shows the error with retry, and retry starts again", async () => {
    const fake = fakeShaka();
    const loader = vi.fn().mockRejectedValueOnce(new Error("chunk")).mockImplementation(fake.load);
    const onError = vi.fn();
    const { user } = await renderUi(
      <VideoPlayer sources={sources} previewLimitSeconds={null} loadShaka={loader} onError={onError} />,
      { language: Language.enUS },
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The video failed to load");
    expect(onError).toHaveBeenCalledWith({ kind: "load", cause: new Error("chunk") });
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("button", { name: "Play" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

describe("VideoPlayer: the source", () => {
  it("loads the default rendition with token and bus_platform_id, and signs every request", async () => {
    const { player, video } = await renderPlayer({ token: "tok", busPlatformId: "bp-1" });
    expect(player.media).toBe(video);
    expect(player.loads[0]?.uri).toBe("/api/media/hls/7/720p.m3u8?token=tok&bus_platform_id=bp-1");
    expect(player.filters).toHaveLength(1);
    const request = { uris: ["https://h/api/media/seg/7/720p/3.ts?expires=1&sig=x"] };
    player.filters[0]!(1, request);
    expect(request.uris[0]).toBe(
      "https://h/api/media/seg/7/720p/3.ts?expires=1&sig=x&token=tok&bus_platform_id=bp-1",
    );
  });

  it("resumes from the start position, clamped below the preview limit", async () => {
    const free = await renderPlayer({ startPositionMs: 42_000 });
    expect(free.player.loads[0]?.startTime).toBe(42);
    free.unmount();
    const locked = await renderPlayer({ startPositionMs: 42_000, previewLimitSeconds: 30 });
    expect(locked.player.loads[0]?.startTime).toBe(27);
  });

  it("autoPlay plays once the source is loaded; without it nothing plays", async () => {
    const fake = fakeShaka();
    let release = () => undefined as unknown;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { container } = await renderUi(
      <VideoPlayer
        sources={sources}
        previewLimitSeconds={null}
        autoPlay
        loadShaka={async () => {
          await gate;
          return fake.shaka;
        }}
      />,
    );
    const clock = fakeMediaClock(container.querySelector("video")!);
    release();
    await waitFor(() => {
      expect(clock.play).toHaveBeenCalledTimes(1);
    });
    expect(screen.getByRole("button", { name: "暂停" })).toBeTruthy();

    const quiet = await renderPlayer();
    await act(async () => {
      await Promise.resolve();
    });
    expect(quiet.clock.play).not.toHaveBeenCalled();
  });

  it("a critical playback error shows the error state and is reported", async () => {
    const onError = vi.fn();
    const { player } = await renderPlayer({ onError });
    act(() => {
      player.emitError({ severity: 1, code: 1001 });
    });
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => {
      player.emitError({ severity: 2, code: 1002 });
    });
    expect(screen.getByRole("alert").textContent).toContain("视频加载失败");
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith({ kind: "playback", cause: { severity: 2, code: 1002 } });
  });
});
