import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language } from "../test/render";
import { renderPlayer, restoreMocksAfterEach } from "../test/videoPlayer";

restoreMocksAfterEach();

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

  it("with a master playlist: 'automatic' first, chosen and played; a rendition is a choice after it", async () => {
    const onQualityChange = vi.fn();
    const adaptiveUrl = "/api/media/hls/7/master.m3u8?access=full";
    for (const [language, auto] of [
      [Language.zhCN, "自动"],
      [Language.enUS, "Auto"],
    ] as const) {
      const { user, player, clock, unmount } = await renderPlayer({ adaptiveUrl, onQualityChange }, language);
      await waitFor(() => {
        expect(player.loads).toHaveLength(1);
      });
      expect(player.loads[0]?.uri).toBe(adaptiveUrl);
      const button = screen.getByRole("button", {
        name: language === Language.zhCN ? `清晰度：${auto}` : `Quality: ${auto}`,
      });
      await user.click(button);
      const items = within(screen.getByRole("menu")).getAllByRole("menuitemradio");
      expect(items.map((item) => item.textContent)).toEqual([auto, "360p", "720p", "480p"]);
      expect(items.map((item) => item.getAttribute("aria-checked"))).toEqual([
        "true",
        "false",
        "false",
        "false",
      ]);
      clock.state.time = 8;
      await user.click(items[1]!);
      expect(onQualityChange).toHaveBeenLastCalledWith("360p");
      await waitFor(() => {
        expect(player.loads).toHaveLength(2);
      });
      expect(player.loads[1]).toEqual({ uri: "/api/media/hls/7/360p.m3u8", startTime: 8 });
      unmount();
    }
  });
});
