import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testMediaDir } from "../../test/media";
import { ensureSeedMedia } from "./generate";
import { parsePlaylist, renderPlaylist } from "./playlist";
import { mediaProfiles, recipeHash } from "./recipes";

interface Probe {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
}

function probe(file: string): Probe {
  return JSON.parse(
    execFileSync("ffprobe", ["-v", "error", "-show_streams", "-of", "json", file], { encoding: "utf8" }),
  ) as Probe;
}

describe("seed media (made by ffmpeg in the global setup)", () => {
  it("makes every clip of the quick profile once, and a second run makes nothing", async () => {
    const lines: string[] = [];
    const clips = await ensureSeedMedia(testMediaDir, "quick", (l) => lines.push(l));
    expect(lines).toEqual([]);
    expect(clips.map((c) => c.key)).toEqual(mediaProfiles.quick.map((r) => r.key));
    for (const [i, clip] of clips.entries()) {
      expect(clip.folder).toBe(`${clip.key}-${recipeHash(mediaProfiles.quick[i]!)}`);
    }
  });

  it("has H.264/AAC renditions at 360p, 480p and 720p, landscape and vertical, with covers", async () => {
    const clips = await ensureSeedMedia(testMediaDir, "quick");
    for (const clip of clips) {
      expect(clip.renditions.map((r) => r.name)).toEqual(["360p", "480p", "720p"]);
      for (const rendition of clip.renditions) {
        const dir = join(testMediaDir, clip.folder, rendition.name);
        const playlist = parsePlaylist(readFileSync(join(dir, "index.m3u8"), "utf8"));
        const streams = probe(join(dir, playlist.init)).streams;
        const video = streams.find((s) => s.codec_type === "video");
        expect(video?.codec_name).toBe("h264");
        expect(streams.find((s) => s.codec_type === "audio")?.codec_name).toBe("aac");
        expect(Math.min(video?.width ?? 0, video?.height ?? 0)).toBe(Number.parseInt(rendition.name));
        expect((video?.width ?? 0) > (video?.height ?? 0)).toBe(clip.orientation === "landscape");
      }
      expect(existsSync(join(testMediaDir, clip.folder, clip.cover))).toBe(true);
      expect(clip.verticalCover !== null).toBe(clip.orientation === "vertical");
    }
  });

  it("repeats the encoded base of a long clip to its full length, in 4 s segments", async () => {
    const clips = await ensureSeedMedia(testMediaDir, "quick");
    const looped = clips.find((c) => c.key === "colourbars");
    expect(looped?.lengthMs).toBeGreaterThanOrEqual(99_000);
    expect(looped?.lengthMs).toBeLessThanOrEqual(101_000);
    const playlist = parsePlaylist(
      readFileSync(join(testMediaDir, looped?.folder ?? "", "360p", "index.m3u8"), "utf8"),
    );
    expect(playlist.segments.length).toBeGreaterThanOrEqual(25);
    expect(playlist.segments.slice(0, -1).every((s) => Math.abs(s.duration - 4) < 0.01)).toBe(true);
  });
});

describe("playlists", () => {
  const source = [
    "#EXTM3U",
    "#EXT-X-TARGETDURATION:4",
    '#EXT-X-MAP:URI="init.mp4"',
    "#EXTINF:4.000000,",
    "seg_00000.m4s",
    "#EXTINF:4.000000,",
    "seg_00001.m4s",
    "#EXTINF:2.500000,",
    "seg_00002.m4s",
    "#EXT-X-ENDLIST",
  ].join("\n");

  it("reads segments with their start times", () => {
    const playlist = parsePlaylist(source);
    expect(playlist.init).toBe("init.mp4");
    expect(playlist.segments.map((s) => s.start)).toEqual([0, 4, 8]);
    expect(playlist.targetDuration).toBe(4);
  });

  it("ends a preview's playlist at the last segment that starts before the limit", () => {
    const text = renderPlaylist(parsePlaylist(source), 5, (f) => `/x/${f}?sig=1`);
    expect(text).toContain('#EXT-X-MAP:URI="/x/init.mp4?sig=1"');
    expect(text).toContain("/x/seg_00001.m4s?sig=1");
    expect(text).not.toContain("seg_00002");
    expect(text.trim().endsWith("#EXT-X-ENDLIST")).toBe(true);
    expect(renderPlaylist(parsePlaylist(source), null, (f) => f)).toContain("seg_00002.m4s");
  });

  it("refuses text that is not an fMP4 media playlist", () => {
    expect(() => parsePlaylist("#EXTM3U\n")).toThrow(/not an fMP4/);
  });
});
