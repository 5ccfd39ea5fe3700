import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { fakeShaka } from "../test/fakeShaka";
import { fakeMediaClock } from "../test/testClock";
import { renderPlayer, restoreMocksAfterEach, sources } from "../test/videoPlayer";
import { VideoPlayer } from "./VideoPlayer";

restoreMocksAfterEach();

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
    // Seeking into the locked part from the progress bar: the playhead stays, the prompt comes.
    act(() => {
      clock.fire("durationchange");
      clock.seek(10);
    });
    fireEvent.change(screen.getByRole("slider", { name: "播放进度" }), { target: { value: "100" } });
    expect(clock.state.time).toBe(10);
    expect(clock.pause).toHaveBeenCalledTimes(2);
    expect(onPreviewLimit).toHaveBeenCalledTimes(2);
  });

  it("shows the video's whole length, the part past the preview locked, and asks to buy there", async () => {
    const onPreviewLimit = vi.fn();
    // A locked viewer's media ends at the 6-second preview of a 12-second video.
    const { clock, container } = await renderPlayer({
      previewLimitSeconds: 6,
      lengthSeconds: 12,
      onPreviewLimit,
    });
    act(() => {
      clock.state.duration = 6;
      clock.fire("durationchange");
      clock.tick(1);
    });
    const slider = screen.getByRole("slider", { name: "播放进度" });
    expect(slider.getAttribute("max")).toBe("12");
    expect(slider.getAttribute("aria-valuetext")).toBe("0:01 / 0:12");
    expect(container.querySelector(".pf-player__time")?.textContent).toBe("0:01 / 0:12");
    const locked = screen.getByTestId("player-locked");
    expect(locked.style.left).toBe("50%");
    // Within the preview the bar seeks; past it, the buy prompt.
    fireEvent.change(slider, { target: { value: "4" } });
    expect(clock.state.time).toBe(4);
    expect(onPreviewLimit).not.toHaveBeenCalled();
    fireEvent.change(slider, { target: { value: "9" } });
    expect(clock.state.time).toBe(4);
    expect(onPreviewLimit).toHaveBeenCalledTimes(1);
  });

  it("marks nothing locked for a viewer who may watch all of it", async () => {
    const { clock } = await renderPlayer({ previewLimitSeconds: null, lengthSeconds: 12 });
    act(() => {
      clock.state.duration = 12;
      clock.fire("durationchange");
    });
    expect(screen.queryByTestId("player-locked")).toBeNull();
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
    expect(state.textContent).toContain("The preview has ended");
    expect(within(state).getByRole("button", { name: "buy it" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Play" })).toBeNull();
  });
});
