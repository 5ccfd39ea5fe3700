/**
 * A video's master playlist (Step 23): getInfoById names it beside the renditions, it lists them
 * the lightest first up to the default one, with what a player needs to choose (bandwidth, size,
 * codecs), and each rendition it names is the viewer's own — the same URL getInfoById gives,
 * ending at a preview's limit for a viewer without the right.
 */
import { WatchLevel } from "@platform/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, signIn, startSeeded } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { playlistSeconds } from "../../../test/media";
import { demoAccounts } from "../../seed";

const [vip, ordinary] = demoAccounts;

eachDatabase("the master playlist", (target) => {
  let platform: TestPlatform;
  let member: Awaited<ReturnType<typeof signIn>>;
  let other: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    platform = await startSeeded(target);
    member = await signIn(platform, vip);
    other = await signIn(platform, ordinary);
  });
  afterAll(() => platform.close());

  const fetchText = async (path: string) => {
    const response = await fetch(`${platform.server.origin}${path}`);
    return { status: response.status, text: await response.text() };
  };

  /** The variants a master names: attributes and the URL each resolves to on this server. */
  const variantsOf = (master: string, masterUrl: string) => {
    const lines = master.split("\n");
    return lines.flatMap((line, at) => {
      if (!line.startsWith("#EXT-X-STREAM-INF:")) return [];
      const url = new URL(lines[at + 1] ?? "", `http://x${masterUrl}`);
      return [{ attributes: line, url: `${url.pathname}${url.search}` }];
    });
  };

  async function svipVideo() {
    const { records } = await other.api.substance.getVideoList({ size: 50 });
    for (const record of records) {
      if (record.watchLevel !== WatchLevel.SVIP) continue;
      const info = await other.api.substance.getInfoById({ id: record.id });
      if (info.freeTimeMs < info.videoLength) return info;
    }
    throw new Error("the seed has no SVIP video with a preview");
  }

  it("names the renditions the lightest first, each the viewer's own URL", async () => {
    const { records } = await member.api.substance.getVideoList({ size: 1, price: "free" });
    const info = await member.api.substance.getInfoById({ id: records[0]?.id ?? "" });
    expect(info.adaptivePlayUrl).toBe(`/api/media/hls/${info.id}/master.m3u8?access=full`);
    const masterUrl = member.api.mediaUrl(info.adaptivePlayUrl ?? "");
    const master = await fetchText(masterUrl);
    expect(master.status).toBe(200);
    expect(master.text.startsWith("#EXTM3U\n")).toBe(true);
    const variants = variantsOf(master.text, masterUrl);
    const bandwidths = variants.map((v) => Number(/BANDWIDTH=(\d+)/.exec(v.attributes)?.[1]));
    expect(bandwidths).toEqual([...bandwidths].sort((a, b) => a - b));
    for (const v of variants) {
      expect(v.attributes).toMatch(/RESOLUTION=\d+x\d+/);
      expect(v.attributes).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    }
    // multiResolutionList's renditions up to the default one (480p: a browser's own player would
    // climb past what a weak network carries), at the same URLs (one download serves both).
    const byWeight = [...info.multiResolutionList].sort(
      (a, b) => parseInt(a.resolution) - parseInt(b.resolution),
    );
    const upToDefault = byWeight.slice(0, byWeight.findIndex((r) => r.defaultResolution) + 1);
    expect(upToDefault.map((r) => r.resolution)).toEqual(["360p", "480p"]);
    expect(variants.map((v) => v.url)).toEqual(upToDefault.map((r) => member.api.mediaUrl(r.videoPlayUrl)));
    const lightest = await fetchText(variants[0]?.url ?? "");
    expect(lightest.status).toBe(200);
    expect(lightest.text).toContain("#EXT-X-ENDLIST");
  });

  it("gives a viewer without the right renditions that end at the preview's limit", async () => {
    const info = await svipVideo();
    const access = String(info.freeTimeMs);
    expect(info.adaptivePlayUrl).toBe(`/api/media/hls/${info.id}/master.m3u8?access=${access}`);
    const masterUrl = other.api.mediaUrl(info.adaptivePlayUrl ?? "");
    const variants = variantsOf((await fetchText(masterUrl)).text, masterUrl);
    expect(variants.length).toBe(2);
    for (const v of variants) {
      expect(v.url).toContain(`access=${access}&`);
      const rendition = await fetchText(v.url);
      expect(playlistSeconds(rendition.text)).toBeCloseTo(info.freeTimeMs / 1000, 1);
    }
    // A member's master of the same video names the whole renditions.
    const full = await member.api.substance.getInfoById({ id: info.id });
    expect(full.adaptivePlayUrl).toBe(`/api/media/hls/${info.id}/master.m3u8?access=full`);
  });

  describe("refusals", () => {
    it("401 without a valid token, 404 for a video there is not", async () => {
      const { records } = await other.api.substance.getVideoList({ size: 1, price: "free" });
      const path = `/api/media/hls/${records[0]?.id ?? ""}/master.m3u8`;
      expect((await fetchText(path)).status).toBe(401);
      expect((await fetchText(`${path}?token=nope`)).status).toBe(401);
      expect((await fetchText(other.api.mediaUrl("/api/media/hls/99999999/master.m3u8"))).status).toBe(404);
      expect((await fetchText(other.api.mediaUrl(path.replace("master", "Master")))).status).toBe(404);
    });
  });
});
