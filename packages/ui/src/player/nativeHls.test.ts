import { describe, expect, it } from "vitest";
import { nativeHls } from "./nativeHls";
import { playsHlsNatively } from "./shaka";

/** A `<video>` stand-in: its `src`, `currentTime` and events, nothing played. */
function fakeMedia() {
  const target = new EventTarget();
  const media = Object.assign(target, {
    src: "",
    currentTime: 0,
    error: null as { code: number; message: string } | null,
    loads: 0,
    getAttribute: (name: string) => (name === "src" && media.src !== "" ? media.src : null),
    removeAttribute: () => {
      media.src = "";
    },
    load: () => {
      media.loads += 1;
    },
    hasAttribute: () => false,
    querySelector: () => null,
    querySelectorAll: () => [],
  });
  return media;
}

describe("the browser's own HLS playback behind the engine's player", () => {
  it("loads the URL into the element, starts where asked once it knows the length, and lets go", async () => {
    const media = fakeMedia();
    const player = new nativeHls.Player();
    await player.attach(media as unknown as HTMLMediaElement);
    expect(player.getNetworkingEngine()).toBeNull();
    const loading = player.load("/api/media/hls/1/480p.m3u8?token=t", 12);
    expect(media.src).toBe("/api/media/hls/1/480p.m3u8?token=t");
    media.dispatchEvent(new Event("loadedmetadata"));
    await loading;
    expect(media.currentTime).toBe(12);
    await player.destroy();
    expect(media.src).toBe("");
    expect(media.loads).toBe(1);
  });

  it("a stream the browser cannot play fails the load and reports; the page then plays with shaka", async () => {
    const media = fakeMedia();
    const player = new nativeHls.Player();
    const reported: unknown[] = [];
    player.addEventListener("error", (event) => reported.push((event as CustomEvent).detail));
    await player.attach(media as unknown as HTMLMediaElement);
    const loading = player.load("/x.m3u8");
    media.error = { code: 4, message: "unsupported" };
    media.dispatchEvent(new Event("error"));
    await expect(loading).rejects.toMatchObject({ severity: 2, code: 4 });
    expect(reported).toEqual([{ severity: 2, code: 4, data: ["unsupported"] }]);
    expect(playsHlsNatively()).toBe(false);
  });
});
