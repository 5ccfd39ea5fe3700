import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { fakeShaka, pendingShaka } from "../test/fakeShaka";
import { LivePlayer } from "./LivePlayer";

const props = {
  autoUrl: "/api/live/hls/3/master.m3u8",
  renditions: [
    { resolution: "360p", videoPlayUrl: "/api/live/hls/3/r0.m3u8" },
    { resolution: "144p", videoPlayUrl: "/api/live/hls/3/r1.m3u8" },
  ],
  token: "tok",
  busPlatformId: "bp",
  ended: false,
  title: "Studio",
};

describe("LivePlayer", () => {
  it("connects, then loads the adaptive playlist at the live edge with the media params", async () => {
    const fake = fakeShaka();
    const onStateChange = vi.fn();
    await renderUi(<LivePlayer {...props} loadShaka={fake.load} onStateChange={onStateChange} />);
    await waitFor(() => {
      expect(fake.players[0]?.loads).toEqual([
        { uri: "/api/live/hls/3/master.m3u8?token=tok&bus_platform_id=bp", startTime: null },
      ]);
    });
    await waitFor(() => {
      expect(onStateChange).toHaveBeenLastCalledWith("playing");
    });
    expect(screen.getByRole("button", { name: "清晰度：自动" })).toBeTruthy();
  });

  it("the quality menu loads one rendition; the adaptive one again after", async () => {
    const fake = fakeShaka();
    const { user } = await renderUi(<LivePlayer {...props} loadShaka={fake.load} />, {
      language: Language.enUS,
    });
    await user.click(await screen.findByRole("button", { name: "Quality: Auto" }));
    const menu = screen.getByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitemradio")
        .map((item) => item.textContent),
    ).toEqual(["Auto", "360p", "144p"]);
    await user.click(within(menu).getByRole("menuitemradio", { name: "144p" }));
    await waitFor(() => {
      expect(fake.players[0]?.loads.at(-1)?.uri).toBe("/api/live/hls/3/r1.m3u8?token=tok&bus_platform_id=bp");
    });
  });

  it("a stream that fails to load says it is reconnecting and tries again by itself", async () => {
    const fake = fakeShaka({ failLoad: true });
    await renderUi(<LivePlayer {...props} loadShaka={fake.load} />);
    expect(await screen.findByText("直播信号中断，正在重新连接…")).toBeTruthy();
    await waitFor(
      () => {
        expect(fake.players[0]?.loads.length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 3000 },
    );
  });

  it("a playlist answered 403 (the room turned paid) stops retrying and says so to the room", async () => {
    // The page's timers are fake (moving with real time too, for waitFor): 5 s pass at once below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const fake = fakeShaka();
    const onRefused = vi.fn();
    await renderUi(<LivePlayer {...props} loadShaka={fake.load} onRefused={onRefused} />);
    await waitFor(() => {
      expect(fake.players[0]?.loads.length).toBe(1);
    });
    // shaka's BAD_HTTP_STATUS, recoverable: on a live stream it would retry every second.
    fake.players[0]?.emitError({ code: 1001, severity: 1, data: ["/api/live/hls/3/r0.m3u8", 403] });
    await waitFor(() => {
      expect(onRefused).toHaveBeenCalledTimes(1);
    });
    expect(await screen.findByText("直播暂时无法播放")).toBeTruthy();
    // Five seconds later (a live stream's retries come every second) nothing was loaded again.
    await vi.advanceTimersByTimeAsync(5000);
    expect(fake.players[0]?.loads.length).toBe(1);
    expect(screen.queryByText("直播信号中断，正在重新连接…")).toBeNull();
  });

  it("an ended broadcast says so and loads nothing", async () => {
    const fake = fakeShaka();
    await renderUi(<LivePlayer {...props} ended loadShaka={fake.load} />);
    expect(await screen.findByText("直播已结束")).toBeTruthy();
    expect(fake.players[0]?.loads ?? []).toEqual([]);
  });

  it("connecting while shaka loads", async () => {
    await renderUi(<LivePlayer {...props} loadShaka={pendingShaka} />, { language: Language.enUS });
    expect(screen.getByText("Connecting to the live…")).toBeTruthy();
  });
});
