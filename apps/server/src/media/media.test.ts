import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testMediaDir } from "../../test/media";
import { ensureSeedMedia } from "./generate";
import {
  parsePlaylist,
  parsePreviewSegmentName,
  previewSegmentName,
  renderPlaylist,
  straddledSegment,
} from "./playlist";
import { mediaProfiles, recipeHash } from "./recipes";
import { MediaLibrary } from "./library";
import { coverVariantFile, coverWidths } from "@platform/domain";

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
      // Each cover's WebP renditions at the widths the app's srcset names, served beside it.
      for (const name of clip.verticalCover === null
        ? (["cover"] as const)
        : (["cover", "vertical"] as const)) {
        for (const width of coverWidths[name]) {
          const file = coverVariantFile(name, width);
          const picture = probe(join(testMediaDir, clip.folder, file)).streams[0];
          expect(picture?.codec_name, file).toBe("webp");
          expect(picture?.width, file).toBe(width);
        }
      }
    }
    const clip = clips.find((c) => c.orientation === "landscape");
    if (clip === undefined) throw new Error("no landscape clip");
    const library = new MediaLibrary(testMediaDir);
    library.prefer(clips);
    expect(await library.coverFile(clip.folder, "cover.w320.webp")).toEqual({
      kind: "disk",
      path: join(testMediaDir, clip.folder, "cover.w320.webp"),
    });
    for (const refused of ["cover.w999.webp", "vertical.w180.webp", "../cover.jpg", "index.m3u8"]) {
      expect(await library.coverFile(clip.folder, refused), refused).toBeNull();
    }
  });

  it("repeats the encoded base of a long clip to its full length: four 1 s segments, then 4 s ones", async () => {
    const clips = await ensureSeedMedia(testMediaDir, "quick");
    const looped = clips.find((c) => c.key === "colourbars");
    expect(looped?.lengthMs).toBeGreaterThanOrEqual(99_000);
    expect(looped?.lengthMs).toBeLessThanOrEqual(101_000);
    const playlist = parsePlaylist(
      readFileSync(join(testMediaDir, looped?.folder ?? "", "360p", "index.m3u8"), "utf8"),
    );
    expect(playlist.segments.length).toBeGreaterThanOrEqual(25);
    // Each repeat of the base starts with a key frame every second (the player's first requests are
    // small), then one every 4 s.
    const lengths = playlist.segments.slice(0, -1).map((segment) => Math.round(segment.duration * 100) / 100);
    expect(lengths.slice(0, 6)).toEqual([1, 1, 1, 1, 4, 4]);
    expect(lengths.every((length) => length === 1 || length === 4)).toBe(true);
    const firstRepeat = playlist.segments.findIndex((segment) => Math.abs(segment.start - 64) < 0.01);
    expect(lengths[firstRepeat]).toBe(1);
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

  /** The segments a rendered playlist names, with their EXTINF lengths. */
  function entriesOf(text: string): [string, number][] {
    const lines = text.split("\n");
    return lines.flatMap((line, i) =>
      line.startsWith("#EXTINF:")
        ? [[lines[i + 1] ?? "", Number.parseFloat(line.slice(8))] as [string, number]]
        : [],
    );
  }

  it("ends a preview at the limit: the segment it falls in is replaced by its cut, as long as the rest", () => {
    const text = renderPlaylist(parsePlaylist(source), 5_000, (f) => `/x/${f}?sig=1`);
    expect(text).toContain('#EXT-X-MAP:URI="/x/init.mp4?sig=1"');
    expect(entriesOf(text)).toEqual([
      ["/x/seg_00000.m4s?sig=1", 4],
      ["/x/seg_00001.preview-5000ms.m4s?sig=1", 1],
    ]);
    expect(text).toContain("#EXTINF:1.000000,");
    expect(text.trim().endsWith("#EXT-X-ENDLIST")).toBe(true);
    // Not on a frame: the length says so to the microsecond.
    expect(entriesOf(renderPlaylist(parsePlaylist(source), 9_733, (f) => f))).toEqual([
      ["seg_00000.m4s", 4],
      ["seg_00001.m4s", 4],
      ["seg_00002.preview-9733ms.m4s", 1.733],
    ]);
  });

  it("needs no cut when the limit falls on a segment's end, and gives everyone else every segment", () => {
    expect(entriesOf(renderPlaylist(parsePlaylist(source), 8_000, (f) => f))).toEqual([
      ["seg_00000.m4s", 4],
      ["seg_00001.m4s", 4],
    ]);
    const all = [
      ["seg_00000.m4s", 4],
      ["seg_00001.m4s", 4],
      ["seg_00002.m4s", 2.5],
    ];
    expect(entriesOf(renderPlaylist(parsePlaylist(source), null, (f) => f))).toEqual(all);
    expect(entriesOf(renderPlaylist(parsePlaylist(source), 10_500, (f) => f))).toEqual(all);
  });

  it("names a cut by its segment and limit, and reads back only such names", () => {
    expect(previewSegmentName("seg_00001.m4s", 6_000)).toBe("seg_00001.preview-6000ms.m4s");
    expect(parsePreviewSegmentName("seg_00001.preview-6000ms.m4s")).toEqual({
      file: "seg_00001.m4s",
      limitMs: 6_000,
    });
    for (const name of [
      "seg_00001.m4s",
      "init.mp4",
      "seg_1.preview-6000ms.m4s",
      "seg_00001.preview-6000ms.m4s/..",
      "seg_00001.preview--1ms.m4s",
    ]) {
      expect(parsePreviewSegmentName(name)).toBeNull();
    }
    const playlist = parsePlaylist(source);
    expect(straddledSegment(playlist, 4_000)).toBeUndefined();
    expect(straddledSegment(playlist, 4_001)?.file).toBe("seg_00001.m4s");
    expect(straddledSegment(playlist, 10_500)).toBeUndefined();
  });

  it("refuses text that is not an fMP4 media playlist", () => {
    expect(() => parsePlaylist("#EXTM3U\n")).toThrow(/not an fMP4/);
  });
});
