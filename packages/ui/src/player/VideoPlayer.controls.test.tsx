import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPlayer, restoreMocksAfterEach } from "../test/videoPlayer";

restoreMocksAfterEach();

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

function screen_(): Screen {
  return window.screen;
}
