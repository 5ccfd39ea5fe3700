import { describe, expect, it } from "vitest";
import { createMediaRequestFilter, loadShakaHls, withMediaParams } from "./shaka";

const params = { token: "tok en/1", busPlatformId: "bp-9" };

describe("withMediaParams", () => {
  it("adds token and bus_platform_id to a relative playlist URL, which stays relative", () => {
    expect(withMediaParams("/api/media/hls/7/720p.m3u8", params)).toBe(
      "/api/media/hls/7/720p.m3u8?token=tok%20en%2F1&bus_platform_id=bp-9",
    );
  });

  it("keeps an existing query byte for byte (signed segments) and replaces old params", () => {
    expect(withMediaParams("https://cdn.example/seg/1.ts?expires=9&sig=a%2Bb#t=1", params)).toBe(
      "https://cdn.example/seg/1.ts?expires=9&sig=a%2Bb&token=tok%20en%2F1&bus_platform_id=bp-9#t=1",
    );
    const once = withMediaParams("/a.m3u8?token=old&x=1", params);
    expect(once).toBe("/a.m3u8?x=1&token=tok%20en%2F1&bus_platform_id=bp-9");
    expect(withMediaParams(once, params)).toBe(once);
  });

  it("adds only what it has, and leaves data: and blob: URLs alone", () => {
    expect(withMediaParams("/a.m3u8", { token: "t" })).toBe("/a.m3u8?token=t");
    expect(withMediaParams("/a.m3u8", { busPlatformId: "b", token: null })).toBe("/a.m3u8?bus_platform_id=b");
    expect(withMediaParams("/a.m3u8", {})).toBe("/a.m3u8");
    expect(withMediaParams("data:application/x-mpegurl,#EXTM3U", params)).toBe(
      "data:application/x-mpegurl,#EXTM3U",
    );
    expect(withMediaParams("blob:https://x/1", params)).toBe("blob:https://x/1");
  });
});

describe("createMediaRequestFilter", () => {
  it("adds the params to every URI of every request, reading them on each request", () => {
    let current: { token: string | null; busPlatformId: string | null } = {
      token: "t1",
      busPlatformId: "bp",
    };
    const filter = createMediaRequestFilter(() => current);
    const playlist = { uris: ["https://h/api/media/hls/7/720p.m3u8"] };
    filter(0, playlist);
    expect(playlist.uris).toEqual(["https://h/api/media/hls/7/720p.m3u8?token=t1&bus_platform_id=bp"]);

    current = { token: "t2", busPlatformId: "bp" };
    const segment = { uris: ["https://h/api/media/seg/1.ts?expires=1&sig=s", "https://backup/1.ts"] };
    filter(1, segment);
    expect(segment.uris).toEqual([
      "https://h/api/media/seg/1.ts?expires=1&sig=s&token=t2&bus_platform_id=bp",
      "https://backup/1.ts?token=t2&bus_platform_id=bp",
    ]);
  });
});

describe("loadShakaHls", () => {
  it("imports shaka's HLS build on demand; jsdom has no MediaSource, so it is unsupported there", async () => {
    const shaka = await loadShakaHls();
    expect(typeof shaka.Player).toBe("function");
    expect(shaka.Player.isBrowserSupported()).toBe(false);
  });
});
