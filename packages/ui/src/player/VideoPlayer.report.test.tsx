import { act } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPlayer, restoreMocksAfterEach } from "../test/videoPlayer";

restoreMocksAfterEach();

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
