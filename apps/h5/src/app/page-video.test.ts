import { afterEach, describe, expect, it, vi } from "vitest";
import { holdPageVideo, pageVideoShown, releasePageVideo } from "./page-video";

afterEach(() => {
  document.body.replaceChildren();
});

describe("the page's own video before the first render (decision 0036)", () => {
  it("moves out of the skeleton into a holder over the same box, still the same element", () => {
    document.body.innerHTML =
      '<div id="app"><div class="h5-boot__player"><video data-pf-page-video autoplay><source src="/a.m3u8" type="application/vnd.apple.mpegurl"></video></div></div>';
    const media = document.querySelector("video");
    const box = document.querySelector(".h5-boot__player")!;
    vi.spyOn(box, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 44, 390, 219.375));
    expect(holdPageVideo()).toBe(true);
    // What the first render does to the skeleton.
    document.getElementById("app")!.replaceChildren();
    const holder = document.querySelector<HTMLElement>("body > .pf-page-video");
    expect(holder?.firstElementChild).toBe(media);
    expect(holder?.getAttribute("aria-hidden")).toBe("true");
    expect(holder?.style.cssText).toBe("top: 44px; left: 0px; width: 390px; height: 219.375px;");
  });

  it("without one (another page, a person seen for the first time) does nothing", () => {
    document.body.innerHTML = '<div id="app"><div class="h5-boot__player"></div></div>';
    expect(holdPageVideo()).toBe(false);
    expect(document.querySelector(".pf-page-video")).toBeNull();
  });

  it("let go, it stops loading and leaves the page", () => {
    document.body.innerHTML =
      '<div class="pf-page-video"><video data-pf-page-video><source src="/a.m3u8" type="application/vnd.apple.mpegurl"></video></div>';
    const media = document.querySelector("video")!;
    const load = vi.spyOn(media, "load").mockImplementation(() => undefined);
    releasePageVideo();
    expect(media.querySelector("source")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    expect(media.isConnected).toBe(false);
    expect(document.querySelector(".pf-page-video")).toBeNull();
  });

  it("the app's first page waits for its first picture, for a while at most", async () => {
    await expect(pageVideoShown(60_000)).resolves.toBeUndefined();
    document.body.innerHTML = '<video data-pf-page-video><source src="/a.m3u8"></video>';
    const media = document.querySelector("video")!;
    vi.useFakeTimers();
    try {
      let shown = false;
      void pageVideoShown(3000).then(() => (shown = true));
      await vi.advanceTimersByTimeAsync(2000);
      expect(shown).toBe(false);
      media.dispatchEvent(new Event("loadeddata"));
      await vi.advanceTimersByTimeAsync(0);
      expect(shown).toBe(true);
      let late = false;
      void pageVideoShown(3000).then(() => (late = true));
      await vi.advanceTimersByTimeAsync(3000);
      expect(late).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
