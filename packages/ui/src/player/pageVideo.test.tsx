import { screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../test/render";
import { sources } from "../test/videoPlayer";
import { nativeHls } from "./nativeHls";
import { adoptPageVideo, releasePageVideo, takeAdoptedSource } from "./pageVideo";
import { VideoPlayer } from "./VideoPlayer";

const PLAYLIST = "/api/media/hls/7/720p.m3u8?token=tok";

/**
 * The page's video as the app holds it before its first render (apps/h5 `app/page-video.ts`): the
 * server's element (apps/server page-data.ts) in a `.pf-page-video` holder.
 */
function writePage(playlist = `${PLAYLIST}#t=12`) {
  const holder = document.createElement("div");
  holder.className = "pf-page-video";
  holder.innerHTML = `<video data-pf-page-video autoplay playsinline preload="auto"><source src="${playlist}" type="application/vnd.apple.mpegurl"></video>`;
  document.body.append(holder);
  return holder.querySelector("video")!;
}

/** What jsdom does not do: the element's state once it has loaded and started playing. */
function asPlaying(media: HTMLVideoElement, seconds: number) {
  Object.defineProperty(media, "readyState", {
    configurable: true,
    value: HTMLMediaElement.HAVE_ENOUGH_DATA,
  });
  Object.defineProperty(media, "paused", { configurable: true, value: false });
  Object.defineProperty(media, "duration", { configurable: true, value: 60 });
  let time = seconds;
  Object.defineProperty(media, "currentTime", {
    configurable: true,
    get: () => time,
    set: (value: number) => {
      time = value;
    },
  });
  vi.spyOn(media, "play").mockResolvedValue(undefined);
  vi.spyOn(media, "pause").mockImplementation(() => undefined);
  vi.spyOn(media, "load").mockImplementation(() => undefined);
}

let native = true;
beforeEach(() => {
  native = true;
  vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockImplementation((type) =>
    native && type === "application/vnd.apple.mpegurl" ? "maybe" : "",
  );
});
afterEach(() => {
  releasePageVideo();
  vi.restoreAllMocks();
});

describe("the page's own video", () => {
  it("is adopted for the same playlist, signed with another token; its own autoplay goes", () => {
    const media = writePage();
    expect(adoptPageVideo("/api/media/hls/7/720p.m3u8?token=other")).toBe(media);
    expect(media.hasAttribute("autoplay")).toBe(false);
    expect(document.querySelector(".pf-page-video")).toBeNull();
    expect(adoptPageVideo("/api/media/hls/7/720p.m3u8")).toBeNull();
  });

  it("another video's player lets it go: stopped, its source gone, out of the page", () => {
    const media = writePage();
    expect(adoptPageVideo("/api/media/hls/8/720p.m3u8")).toBeNull();
    expect(media.isConnected).toBe(false);
    expect(media.querySelector("source")).toBeNull();
    expect(document.querySelector(".pf-page-video")).toBeNull();
  });

  it("where the browser does not play HLS itself, it is let go instead", () => {
    native = false;
    const media = writePage();
    expect(adoptPageVideo(PLAYLIST)).toBeNull();
    expect(media.isConnected).toBe(false);
  });

  it("tells the engine once that the adopted element already plays the URL it loads", () => {
    const media = writePage();
    adoptPageVideo(PLAYLIST);
    expect(takeAdoptedSource(media, "/api/media/hls/7/480p.m3u8?token=tok")).toBe(false);
    const again = writePage();
    adoptPageVideo(PLAYLIST);
    expect(takeAdoptedSource(again, PLAYLIST)).toBe(true);
    expect(takeAdoptedSource(again, PLAYLIST)).toBe(false);
  });

  it("the native engine keeps an adopted video's source and position; destroyed, it lets the source go", async () => {
    const media = writePage();
    asPlaying(media, 14);
    adoptPageVideo(PLAYLIST);
    const player = new nativeHls.Player();
    await player.attach(media);
    await player.load(PLAYLIST, 12);
    expect(media.getAttribute("src")).toBeNull();
    expect(media.currentTime).toBe(14);
    await player.destroy();
    expect(media.querySelector("source")).toBeNull();
  });

  it("the video player adopts it: the same element, playing, and told so", async () => {
    const media = writePage();
    asPlaying(media, 3);
    const onPlay = vi.fn();
    await renderUi(
      <VideoPlayer
        sources={sources}
        previewLimitSeconds={null}
        token="tok"
        poster="/p.webp"
        startPositionMs={0}
        autoPlay
        onPlay={onPlay}
      />,
    );
    const region = screen.getByRole("region");
    expect(region.querySelector("video")).toBe(media);
    expect(media.className).toBe("pf-player__video");
    // Showing its picture already: no poster covers it again.
    expect(media.hasAttribute("poster")).toBe(false);
    expect(onPlay).toHaveBeenCalledTimes(1);
    // Playing already: the control offers a pause, and the source was never set again.
    expect(await screen.findByRole("button", { name: "暂停" })).toBeTruthy();
    await waitFor(() => {
      expect(region.getAttribute("aria-busy")).toBeNull();
    });
    expect(media.getAttribute("src")).toBeNull();
    expect(media.querySelector("source")?.getAttribute("src")).toBe(`${PLAYLIST}#t=12`);
  });

  it("in React's strict mode (its ref called twice) too: one element, the page's, no poster over it", async () => {
    const media = writePage();
    asPlaying(media, 3);
    await renderUi(
      <StrictMode>
        <VideoPlayer sources={sources} previewLimitSeconds={null} token="tok" poster="/p.webp" autoPlay />
      </StrictMode>,
    );
    const videos = screen.getByRole("region").querySelectorAll("video");
    expect([...videos]).toEqual([media]);
    expect(media.hasAttribute("poster")).toBe(false);
  });

  it("a player for another video makes its own element and the page's is let go", async () => {
    const media = writePage("/api/media/hls/9/720p.m3u8?token=tok");
    await renderUi(<VideoPlayer sources={sources} previewLimitSeconds={null} poster="/p.webp" />);
    const own = screen.getByRole("region").querySelector("video");
    expect(own).not.toBe(media);
    expect(own?.getAttribute("preload")).toBe("metadata");
    expect(own?.getAttribute("poster")).toBe("/p.webp");
    expect(media.isConnected).toBe(false);
  });
});
