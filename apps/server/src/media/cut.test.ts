import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeErrorsOf, packetsOf, testMediaDir } from "../../test/media";
import { cutSegment, readInit } from "./cut";
import { ensureSeedMedia } from "./generate";
import { parsePlaylist, straddledSegment } from "./playlist";

// ---- A small ISO-BMFF writer and reader for hand-made fragments ----

function box(type: string, ...parts: readonly Buffer[]): Buffer {
  const size = 8 + parts.reduce((sum, p) => sum + p.length, 0);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, ...parts]);
}

function u32(...values: readonly number[]): Buffer {
  const out = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => {
    out.writeInt32BE(v | 0, i * 4);
  });
  return out;
}

/** Version and flags of a full box. */
function full(version: number, flags: number): Buffer {
  return u32(((version & 0xff) << 24) | flags);
}

function children(data: Buffer, from: number, to: number): { type: string; start: number; end: number }[] {
  const out: { type: string; start: number; end: number }[] = [];
  for (let at = from; at < to; at += data.readUInt32BE(at)) {
    out.push({ type: data.toString("latin1", at + 4, at + 8), start: at, end: at + data.readUInt32BE(at) });
  }
  return out;
}

/** Each track run of a one-fragment segment: its track, sample count and the bytes it points at. */
function runsOf(segment: Buffer): { trackId: number; count: number; bytes: Buffer }[] {
  const top = children(segment, 0, segment.length);
  const moof = top.find((b) => b.type === "moof");
  if (!moof) throw new Error("no moof");
  const out: { trackId: number; count: number; bytes: Buffer }[] = [];
  for (const traf of children(segment, moof.start + 8, moof.end).filter((b) => b.type === "traf")) {
    const inner = children(segment, traf.start + 8, traf.end);
    const tfhd = inner.find((b) => b.type === "tfhd");
    const trackId = segment.readUInt32BE((tfhd?.start ?? 0) + 12);
    let cursor = moof.start;
    for (const trun of inner.filter((b) => b.type === "trun")) {
      const flags = segment.readUInt32BE(trun.start + 8) & 0xffffff;
      const count = segment.readUInt32BE(trun.start + 12);
      let p = trun.start + 16;
      const start = flags & 0x1 ? moof.start + segment.readInt32BE(p) : cursor;
      if (flags & 0x1) p += 4;
      if (flags & 0x4) p += 4;
      const entry = 4 * [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
      const sizeAt = flags & 0x100 ? 4 : 0;
      let length = 0;
      for (let i = 0; i < count; i++) length += segment.readUInt32BE(p + i * entry + sizeAt);
      out.push({ trackId, count, bytes: segment.subarray(start, start + length) });
      cursor = start + length;
    }
  }
  return out;
}

/**
 * An init segment of a video track (timescale 1000, delayed 100 ms by an empty edit, media time
 * 200) and an audio track (timescale 1000, delayed 50 ms: it starts 50 ms before the video).
 */
function handMadeInit(): Buffer {
  const trak = (id: number, handler: string, delayMs: number, mediaTime: number) =>
    box(
      "trak",
      box("tkhd", full(0, 3), u32(0, 0, id, 0, 0)),
      box("edts", box("elst", full(0, 0), u32(2, delayMs, -1, 0x10000, 0, mediaTime, 0x10000))),
      box(
        "mdia",
        box("mdhd", full(0, 0), u32(0, 0, 1000, 0)),
        box("hdlr", full(0, 0), u32(0), Buffer.from(handler, "latin1"), u32(0, 0, 0), Buffer.from([0])),
      ),
    );
  return Buffer.concat([
    box("ftyp", Buffer.from("iso5", "latin1"), u32(512)),
    box(
      "moov",
      box("mvhd", full(0, 0), u32(0, 0, 1000, 0)),
      trak(1, "vide", 100, 200),
      trak(2, "soun", 50, 0),
      box(
        "mvex",
        box("trex", full(0, 0), u32(1, 1, 100, 0, 0)),
        box("trex", full(0, 0), u32(2, 1, 20, 5, 0)),
      ),
    ),
  ]);
}

/** Video in decode order (100 ms frames), presented after a 200 ms composition delay. */
const videoFrames = [
  { shows: 0, bytes: 30 }, // I
  { shows: 300, bytes: 12 }, // P
  { shows: 100, bytes: 4 }, // B
  { shows: 200, bytes: 5 }, // B
  { shows: 600, bytes: 13 }, // P
  { shows: 400, bytes: 6 }, // B
  { shows: 500, bytes: 7 }, // B
];

/**
 * A segment starting at decode time 1000 ms: the video frames above, and audio (20 ms frames of 5
 * bytes) in two runs, the second without a data offset (it follows the first).
 */
function handMadeSegment(): { segment: Buffer; video: Buffer[]; audio: Buffer[] } {
  const video = videoFrames.map((f, i) => Buffer.alloc(f.bytes, 0x10 + i));
  const audio = Array.from({ length: 40 }, (_, j) => Buffer.alloc(5, 0x80 + j));
  const videoRun = (dataOffset: number) =>
    box(
      "trun",
      full(0, 0x1 | 0x4 | 0x200 | 0x800),
      u32(videoFrames.length, dataOffset, 0x02000000),
      // Decode time of frame i is 1000 + 100 i; composition offset = shown + 1000 + 200 - dts.
      ...videoFrames.map((f, i) => u32(f.bytes, f.shows + 200 - 100 * i)),
    );
  const audioRuns = (dataOffset: number) => [
    box(
      "trun",
      full(0, 0x1 | 0x100 | 0x200),
      u32(10, dataOffset),
      ...audio.slice(0, 10).map(() => u32(20, 5)),
    ),
    box("trun", full(0, 0x100 | 0x200), u32(30), ...audio.slice(10).map(() => u32(20, 5))),
  ];
  const moofWith = (videoOffset: number, audioOffset: number) =>
    box(
      "moof",
      box("mfhd", full(0, 0), u32(7)),
      box(
        "traf",
        box("tfhd", full(0, 0x20000), u32(1)),
        box("tfdt", full(1, 0), u32(0, 1000)),
        videoRun(videoOffset),
      ),
      box(
        "traf",
        box("tfhd", full(0, 0x20000), u32(2)),
        box("tfdt", full(0, 0), u32(950)),
        ...audioRuns(audioOffset),
      ),
    );
  const length = moofWith(0, 0).length;
  const videoBytes = Buffer.concat(video);
  const moof = moofWith(length + 8, length + 8 + videoBytes.length);
  const mdat = box("mdat", videoBytes, ...audio);
  const sidx = box(
    "sidx",
    full(1, 0),
    u32(1, 1000, 0, 1000, 0, 0, 1, moof.length + mdat.length, 700, 0x90000000),
  );
  return {
    segment: Buffer.concat([box("styp", Buffer.from("msdh", "latin1")), sidx, moof, mdat]),
    video,
    audio,
  };
}

describe("cutting a segment's boxes (hand-made fragment)", () => {
  const init = handMadeInit();

  it("reads each track's timescale, edit list and defaults from the init segment", () => {
    const timing = readInit(init);
    expect(timing.movieTimescale).toBe(1000);
    expect(timing.tracks.get(1)).toMatchObject({
      handler: "vide",
      timescale: 1000,
      delay: 100n,
      mediaTime: 200n,
    });
    expect(timing.tracks.get(2)).toMatchObject({
      handler: "soun",
      defaultDuration: 20,
      defaultSize: 5,
      delay: 50n,
    });
  });

  it("keeps the samples in decode order up to the first one presented at or past the limit", () => {
    const { segment, video, audio } = handMadeSegment();
    // The segment's frames show at 1000–1600 ms; at 1350 the P frame shown at 1300 and the B
    // frames before it stay, the next P (1600) and all after it in decode order go.
    const cut = cutSegment(init, segment, 1350);
    const runs = runsOf(cut.bytes);
    expect(runs[0]).toEqual({ trackId: 1, count: 4, bytes: Buffer.concat(video.slice(0, 4)) });
    // Audio is 50 ms ahead of the video on the timeline: decode time 950 is presented at 900, so
    // it keeps the frames up to 1350 on the timeline: (1350 − 900) / 20 → 23 frames (the last at
    // 1340), the first run whole and 13 of the second.
    expect(runs.slice(1)).toEqual([
      { trackId: 2, count: 10, bytes: Buffer.concat(audio.slice(0, 10)) },
      { trackId: 2, count: 13, bytes: Buffer.concat(audio.slice(10, 23)) },
    ]);
    expect(cut.tracks.map((t) => [t.keptSamples, t.totalSamples, t.keptDuration])).toEqual([
      [4, 7, 400n],
      [23, 40, 460n],
    ]);
  });

  it("keeps only what decodes: a B frame before the limit that needs a later P frame goes", () => {
    const { segment, video } = handMadeSegment();
    // At 1250 the P frame shown at 1300 is the first past the limit: the B frames at 1100 and
    // 1200 need it, so only the I frame is kept.
    const runs = runsOf(cutSegment(init, segment, 1250).bytes);
    expect(runs[0]).toEqual({ trackId: 1, count: 1, bytes: video[0] });
  });

  it("keeps tfdt, mfhd and styp, and makes the sidx describe the cut fragment", () => {
    const { segment } = handMadeSegment();
    const cut = cutSegment(init, segment, 1350).bytes;
    const top = children(cut, 0, cut.length);
    expect(top.map((b) => b.type)).toEqual(["styp", "sidx", "moof", "mdat"]);
    const sidx = top[1];
    const moof = top[2];
    const mdat = top[3];
    if (!sidx || !moof || !mdat) throw new Error("missing boxes");
    expect(cut.readUInt32BE(sidx.start + 8 + 32) & 0x7fffffff).toBe(mdat.end - moof.start);
    expect(cut.readUInt32BE(sidx.start + 8 + 36)).toBe(400);
    expect(cut.subarray(0, sidx.start)).toEqual(segment.subarray(0, sidx.start));
    const from = children(segment, 0, segment.length).find((b) => b.type === "moof")?.start ?? 0;
    // mfhd (sequence 7), then the first traf's tfhd and tfdt, are the original's bytes.
    expect(cut.subarray(moof.start + 8, moof.start + 24)).toEqual(segment.subarray(from + 8, from + 24));
    expect(cut.subarray(moof.start + 32, moof.start + 68)).toEqual(segment.subarray(from + 32, from + 68));
  });

  it("refuses a limit the segment's video does not reach, and layouts it does not know", () => {
    const { segment } = handMadeSegment();
    expect(() => cutSegment(init, segment, 1000)).toThrow(/not inside this segment/);
    expect(() => cutSegment(init, segment, 0)).toThrow(/positive/);
    expect(() => cutSegment(init, Buffer.concat([segment, segment]), 1350)).toThrow(/one-fragment/);
    const encrypted = Buffer.from(segment);
    const at = encrypted.indexOf("tfdt", 0, "latin1");
    encrypted.write("senc", at, "latin1");
    expect(() => cutSegment(init, encrypted, 1350)).toThrow(/senc is not supported/);
    expect(() => cutSegment(init, segment.subarray(0, segment.length - 3), 1350)).toThrow(/overruns/);
  });
});

// ---- Real segments, as ffmpeg writes them (the quick seed media of the global setup) ----

describe("cutting ffmpeg's segments", () => {
  async function rendition(key: string, name: string) {
    const clip = (await ensureSeedMedia(testMediaDir, "quick")).find((c) => c.key === key);
    const dir = join(testMediaDir, clip?.folder ?? "", name);
    const playlist = parsePlaylist(readFileSync(join(dir, "index.m3u8"), "utf8"));
    const file = (name: string) => readFileSync(join(dir, name));
    const init = file(playlist.init);
    // Where the timeline's zero lies in ffprobe's times: the first video frame, edit lists applied.
    const zero = Math.min(
      ...packetsOf(Buffer.concat([init, file("seg_00000.m4s")]))
        .filter((p) => p.stream === 0)
        .map((p) => p.pts),
    );
    return { playlist, file, init, zero };
  }

  it.each([
    // key, rendition, limit (ms): B frames at 15 fps; B-pyramid at 5 fps, past the loop; inside one
    // of the 1 s segments the first seconds are cut in.
    ["aurora", "480p", 6_000],
    ["aurora", "360p", 9_500],
    ["aurora", "480p", 2_500],
    ["colourbars", "360p", 30_000],
    ["colourbars", "720p", 70_100],
  ])(
    "%s %s cut at %i ms: nothing at or past the limit, up to within a few frames of it, decodes",
    async (key, name, limitMs) => {
      const { file, init, zero, playlist } = await rendition(key, name);
      const segment = straddledSegment(playlist, limitMs)?.file;
      if (segment === undefined) throw new Error(`${String(limitMs)} ms falls on a segment boundary`);
      const original = file(segment);
      const cut = cutSegment(init, original, limitMs);
      expect(cut.bytes.length).toBeLessThan(original.length);
      const limit = limitMs / 1000;
      const packets = packetsOf(Buffer.concat([init, cut.bytes])).map((p) => ({ ...p, pts: p.pts - zero }));
      const video = packets.filter((p) => p.stream === 0);
      const audio = packets.filter((p) => p.stream === 1);
      expect(video.length).toBeGreaterThan(0);
      expect(audio.length).toBeGreaterThan(0);
      // The audio's edit list is in milliseconds: its place on the timeline is known to 1 ms.
      for (const p of packets) expect(p.pts).toBeLessThan(limit + 0.001);
      const frame = Math.max(...video.map((p) => p.duration));
      const videoEnd = Math.max(...video.map((p) => p.pts + p.duration));
      const audioEnd = Math.max(...audio.map((p) => p.pts + p.duration));
      // Decode order drops the B frames that need a reference shown past the limit: at most a
      // mini-GOP (4 frames) short of it.
      expect(videoEnd).toBeGreaterThan(limit - 4 * frame - 0.001);
      expect(audioEnd).toBeGreaterThan(limit - 0.022);
      expect(decodeErrorsOf(Buffer.concat([init, cut.bytes]))).toBe("");
    },
  );

  it("cut past the segment's end, keeps the moof and mdat byte for byte", async () => {
    const { file, init, playlist } = await rendition("aurora", "480p");
    const original = file("seg_00001.m4s");
    const cut = cutSegment(init, original, Math.round((playlist.segments[3]?.start ?? 0) * 1000) + 1000);
    const moofAt = (b: Buffer) => b.indexOf("moof", 0, "latin1") - 4;
    expect(cut.bytes.subarray(moofAt(cut.bytes))).toEqual(original.subarray(moofAt(original)));
    expect(cut.tracks.every((t) => t.keptSamples === t.totalSamples)).toBe(true);
  });
});
