import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { fakeShaka, pendingShaka } from "../test/fakeShaka";
import { fakeMediaClock } from "../test/testClock";
import { VideoPlayer } from "./VideoPlayer";
import type { VideoPlayerProps } from "./VideoPlayer";

const sources = [
  { resolution: "360p", videoPlayUrl: "/api/media/hls/7/360p.m3u8", defaultResolution: false },
  { resolution: "720p", videoPlayUrl: "/api/media/hls/7/720p.m3u8", defaultResolution: true },
  { resolution: "480p", videoPlayUrl: "/api/media/hls/7/480p.m3u8", defaultResolution: false },
];

type Props = Omit<VideoPlayerProps, "sources" | "previewLimitSeconds"> &
  Partial<Pick<VideoPlayerProps, "sources" | "previewLimitSeconds">>;

/** Renders a player on a fake shaka, waits until it is ready and fakes its <video>'s clock. */
async function renderPlayer(props: Props = {}, language?: Language) {
  const fake = fakeShaka();
  const rendered = await renderUi(
    <VideoPlayer sources={sources} previewLimitSeconds={null} loadShaka={fake.load} {...props} />,
    { language },
  );
  const video = rendered.container.querySelector("video");
  if (video === null) throw new Error("no <video>");
  const clock = fakeMediaClock(video);
  await screen.findByRole("button", { name: language === Language.enUS ? "Play" : "播放" });
  await waitFor(() => {
    expect(fake.players[0]?.loads.length).toBe(1);
  });
  const player = fake.players[0]!;
  return { ...rendered, fake, player, video, clock };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

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

describe("VideoPlayer: quality menu", () => {
  it("lists the default rendition first, checked, and switching keeps the position", async () => {
    const onQualityChange = vi.fn();
    const { user, player, clock } = await renderPlayer({ onQualityChange });
    const button = screen.getByRole("button", { name: "清晰度：720p" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    const menu = screen.getByRole("menu", { name: "清晰度" });
    const items = within(menu).getAllByRole("menuitemradio");
    expect(items.map((item) => item.textContent)).toEqual(["720p", "360p", "480p"]);
    expect(items.map((item) => item.getAttribute("aria-checked"))).toEqual(["true", "false", "false"]);
    expect(document.activeElement).toBe(items[0]);

    clock.state.time = 12;
    await user.click(items[1]!);
    expect(onQualityChange).toHaveBeenCalledWith("360p");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(screen.getByRole("button", { name: "清晰度：360p" })).toBeTruthy();
    await waitFor(() => {
      expect(player.loads).toHaveLength(2);
    });
    expect(player.loads[1]).toEqual({ uri: "/api/media/hls/7/360p.m3u8", startTime: 12 });
  });

  it("works from the keyboard: arrows move, Enter chooses, Escape closes back to the button", async () => {
    const onQualityChange = vi.fn();
    const { user } = await renderPlayer({ onQualityChange }, Language.enUS);
    const button = screen.getByRole("button", { name: "Quality: 720p" });
    button.focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("menu", { name: "Quality" })).toBeTruthy();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("480p");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("720p");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
    await user.keyboard("{Enter}");
    await user.keyboard("{End}{Enter}");
    expect(onQualityChange).toHaveBeenCalledWith("480p");
    expect(screen.getByRole("button", { name: "Quality: 480p" })).toBe(document.activeElement);
  });
});

describe("VideoPlayer: preview gating and purchase", () => {
  it("pauses at the limit, rewinds there and calls onPreviewLimit once per crossing", async () => {
    const onPreviewLimit = vi.fn();
    const { clock } = await renderPlayer({ previewLimitSeconds: 30, onPreviewLimit });
    expect(screen.getByText("可试看 0:30")).toBeTruthy();
    act(() => {
      clock.start();
      clock.tick(29);
      clock.tick(30.6);
    });
    expect(clock.pause).toHaveBeenCalledTimes(1);
    expect(clock.state.time).toBe(30);
    expect(onPreviewLimit).toHaveBeenCalledTimes(1);
    act(() => {
      clock.seek(30);
      clock.tick(30);
    });
    expect(onPreviewLimit).toHaveBeenCalledTimes(1);
    // Seeking past the limit from the progress bar.
    act(() => {
      clock.fire("durationchange");
      clock.seek(10);
    });
    fireEvent.change(screen.getByRole("slider", { name: "播放进度" }), { target: { value: "100" } });
    act(() => {
      clock.fire("seeking");
    });
    expect(clock.state.time).toBe(30);
    expect(onPreviewLimit).toHaveBeenCalledTimes(2);
  });

  it("after a purchase (limit null, new reloadKey) reloads where it stands and plays on, ungated", async () => {
    const onPreviewLimit = vi.fn();
    const fake = fakeShaka();
    function AfterPurchase() {
      const [bought, setBought] = useState(false);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setBought(true);
            }}
          >
            bought
          </button>
          <VideoPlayer
            sources={sources}
            previewLimitSeconds={bought ? null : 30}
            reloadKey={bought}
            onPreviewLimit={onPreviewLimit}
            loadShaka={fake.load}
          />
        </>
      );
    }
    const { container, user } = await renderUi(<AfterPurchase />);
    const clock = fakeMediaClock(container.querySelector("video")!);
    await waitFor(() => {
      expect(fake.players[0]?.loads).toHaveLength(1);
    });
    act(() => {
      clock.start();
      clock.tick(31);
    });
    expect(onPreviewLimit).toHaveBeenCalledTimes(1);
    expect(clock.play).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: "bought" }));
    await waitFor(() => {
      expect(clock.play).toHaveBeenCalledTimes(2);
    });
    expect(fake.players[0]?.loads[1]?.startTime).toBe(30);
    expect(screen.queryByText("可试看 0:30")).toBeNull();
    act(() => {
      clock.tick(45);
      clock.seek(80);
    });
    expect(clock.state.time).toBe(80);
    expect(clock.pause).toHaveBeenCalledTimes(1);
    expect(onPreviewLimit).toHaveBeenCalledTimes(1);
  });

  it("shows 'trial ended' with the app's action, covering the controls", async () => {
    const fake = fakeShaka();
    await renderUi(
      <VideoPlayer
        sources={sources}
        previewLimitSeconds={30}
        trialEnded
        trialEndedAction={<button type="button">buy it</button>}
        loadShaka={fake.load}
      />,
      { language: Language.enUS },
    );
    const state = await within(screen.getByRole("region")).findByRole("status");
    expect(state.textContent).toContain("Trial ended");
    expect(within(state).getByRole("button", { name: "buy it" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Play" })).toBeNull();
  });
});

describe("VideoPlayer: controls", () => {
  it("Space and K play and pause, arrows seek 5 s, never past the limit", async () => {
    const { user, clock } = await renderPlayer({ previewLimitSeconds: 30 });
    screen.getByRole("region").focus();
    await user.keyboard(" ");
    expect(clock.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "暂停" })).toBeTruthy();
    await user.keyboard("k");
    expect(clock.pause).toHaveBeenCalledTimes(1);
    clock.state.time = 20;
    await user.keyboard("{ArrowRight}");
    expect(clock.state.time).toBe(25);
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(clock.state.time).toBe(30);
    await user.keyboard("{ArrowLeft}");
    expect(clock.state.time).toBe(25);
  });

  it("a double tap on the right third seeks +10 s, on the left −10 s, within the preview", async () => {
    const { container, clock } = await renderPlayer({ previewLimitSeconds: 30 });
    const surface = container.querySelector<HTMLElement>(".pf-player__surface")!;
    surface.getBoundingClientRect = () => ({ left: 0, top: 0, width: 300, height: 170 }) as DOMRect;
    clock.state.time = 12;
    fireEvent.click(surface, { clientX: 280 });
    fireEvent.click(surface, { clientX: 280 });
    expect(clock.state.time).toBe(22);
    expect(screen.getByText("快进 10 秒")).toBeTruthy();
    fireEvent.click(surface, { clientX: 280 });
    fireEvent.click(surface, { clientX: 280 });
    expect(clock.state.time).toBe(30);
    fireEvent.click(surface, { clientX: 20 });
    fireEvent.click(surface, { clientX: 20 });
    expect(clock.state.time).toBe(20);
    expect(screen.getByText("后退 10 秒")).toBeTruthy();
  });

  it("goes full screen on the container and locks landscape for a landscape video", async () => {
    const lock = vi.fn(() => Promise.reject(new Error("not allowed")));
    Object.defineProperty(screen_(), "orientation", { configurable: true, value: { lock, unlock: vi.fn() } });
    const { user } = await renderPlayer();
    const region = screen.getByRole("region");
    const requestFullscreen = vi.fn(() => Promise.resolve());
    region.requestFullscreen = requestFullscreen;
    await user.click(screen.getByRole("button", { name: "全屏" }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(lock).toHaveBeenCalledWith("landscape");
    });
    Reflect.deleteProperty(screen_(), "orientation");
  });

  it("sets Media Session metadata (title, artist, artwork)", async () => {
    const session = { metadata: null as unknown, setActionHandler: vi.fn() };
    Object.defineProperty(navigator, "mediaSession", { configurable: true, value: session });
    vi.stubGlobal(
      "MediaMetadata",
      class {
        title = "";
        artist = "";
        artwork: unknown[] = [];
        constructor(init: object) {
          Object.assign(this, init);
        }
      },
    );
    const { unmount } = await renderPlayer({
      title: "Harbour",
      author: "Ann",
      poster: "data:image/png;base64,AA",
    });
    expect(session.metadata).toEqual({
      title: "Harbour",
      artist: "Ann",
      artwork: [{ src: "data:image/png;base64,AA" }],
    });
    expect(session.setActionHandler).toHaveBeenCalledWith("seekforward", expect.any(Function));
    unmount();
    expect(session.metadata).toBeNull();
    Reflect.deleteProperty(navigator, "mediaSession");
  });
});

describe("VideoPlayer: the viewing report", () => {
  it("reports the watched position in ms on unmount once playback started", async () => {
    const onClose = vi.fn();
    const { clock, unmount } = await renderPlayer({ onClose });
    act(() => {
      clock.start();
      clock.tick(12.345);
    });
    unmount();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith({ seenMs: 12_345, renewCount: 0 });
  });

  it("tells when playback starts and when it reaches the end (tracking)", async () => {
    const onPlay = vi.fn();
    const onEnded = vi.fn();
    const { clock } = await renderPlayer({ onPlay, onEnded });
    expect(onPlay).not.toHaveBeenCalled();
    act(() => {
      clock.start();
    });
    expect(onPlay).toHaveBeenCalledTimes(1);
    expect(onEnded).not.toHaveBeenCalled();
    act(() => {
      clock.tick(120);
      clock.fire("ended");
    });
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it("reports on pagehide too, counting the reports", async () => {
    const onClose = vi.fn();
    const { clock, unmount } = await renderPlayer({ onClose });
    act(() => {
      clock.start();
      clock.tick(5);
    });
    window.dispatchEvent(new Event("pagehide"));
    expect(onClose).toHaveBeenLastCalledWith({ seenMs: 5000, renewCount: 0 });
    act(() => {
      clock.tick(8.5);
    });
    unmount();
    expect(onClose).toHaveBeenLastCalledWith({ seenMs: 8500, renewCount: 1 });
  });

  it("reports nothing when nothing was played", async () => {
    const onClose = vi.fn();
    const { unmount, player } = await renderPlayer({ onClose, startPositionMs: 9000 });
    unmount();
    expect(onClose).not.toHaveBeenCalled();
    expect(player.destroyed).toBe(true);
  });
});

function screen_(): Screen {
  return window.screen;
}
