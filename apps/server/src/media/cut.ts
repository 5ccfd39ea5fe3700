/**
 * Cutting an fMP4 HLS segment at a preview's limit by rewriting its ISO-BMFF boxes (no re-encode):
 * per track, the samples in decode order up to the first one presented at or after the limit are
 * kept (references are decoded earlier, so every kept sample decodes), and the fragment is written
 * again around them. Only the layout ffmpeg's HLS muxer writes is accepted (styp, sidx boxes, one
 * moof with default-base-is-moof track fragments, one mdat); anything else is refused, not guessed.
 */

/** One box: its type, where it starts and ends, and where its payload starts. */
interface Box {
  readonly type: string;
  readonly start: number;
  readonly payload: number;
  readonly end: number;
}

function boxesOf(data: Buffer, from = 0, to = data.length): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at < to) {
    if (to - at < 8) throw new Error("truncated box header");
    let size = data.readUInt32BE(at);
    const type = data.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) throw new Error(`box ${type} overruns its container`);
    boxes.push({ type, start: at, payload: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function childOf(data: Buffer, parent: Box | undefined, type: string): Box | undefined {
  return parent ? boxesOf(data, parent.payload, parent.end).find((b) => b.type === type) : undefined;
}

function box(type: string, ...parts: readonly Buffer[]): Buffer {
  const header = Buffer.alloc(8);
  const size = 8 + parts.reduce((sum, p) => sum + p.length, 0);
  header.writeUInt32BE(size);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, ...parts], size);
}

/** Version and flags of a full box. */
function fullHeader(data: Buffer, b: Box): { version: number; flags: number } {
  return { version: data.readUInt8(b.payload), flags: data.readUIntBE(b.payload + 1, 3) };
}

/** What the init segment says about one track. */
export interface TrackTiming {
  readonly trackId: number;
  readonly handler: string;
  readonly timescale: number;
  readonly defaultDuration: number;
  readonly defaultSize: number;
  /** Empty edits before the media starts (movie timescale): the track's presentation delay. */
  readonly delay: bigint;
  /** The media time the first real edit starts at (track timescale). */
  readonly mediaTime: bigint;
}

export interface InitTiming {
  readonly movieTimescale: number;
  readonly tracks: ReadonlyMap<number, TrackTiming>;
}

/** Timescales, edit lists and fragment defaults of every track of an fMP4 init segment. */
export function readInit(init: Buffer): InitTiming {
  const moov = boxesOf(init).find((b) => b.type === "moov");
  const mvhd = childOf(init, moov, "mvhd");
  if (!moov || !mvhd) throw new Error("init segment without moov/mvhd");
  const movieTimescale = init.readUInt32BE(mvhd.payload + (fullHeader(init, mvhd).version === 1 ? 20 : 12));
  const defaults = new Map<number, { duration: number; size: number }>();
  const mvex = childOf(init, moov, "mvex");
  for (const trex of mvex ? boxesOf(init, mvex.payload, mvex.end).filter((b) => b.type === "trex") : []) {
    defaults.set(init.readUInt32BE(trex.payload + 4), {
      duration: init.readUInt32BE(trex.payload + 12),
      size: init.readUInt32BE(trex.payload + 16),
    });
  }
  const tracks = new Map<number, TrackTiming>();
  for (const trak of boxesOf(init, moov.payload, moov.end).filter((b) => b.type === "trak")) {
    const tkhd = childOf(init, trak, "tkhd");
    const mdia = childOf(init, trak, "mdia");
    const mdhd = childOf(init, mdia, "mdhd");
    const hdlr = childOf(init, mdia, "hdlr");
    if (!tkhd || !mdhd || !hdlr) throw new Error("track without tkhd, mdhd or hdlr");
    const trackId = init.readUInt32BE(tkhd.payload + (fullHeader(init, tkhd).version === 1 ? 20 : 12));
    const timescale = init.readUInt32BE(mdhd.payload + (fullHeader(init, mdhd).version === 1 ? 20 : 12));
    let delay = 0n;
    let mediaTime = 0n;
    const elst = childOf(init, childOf(init, trak, "edts"), "elst");
    if (elst) {
      const wide = fullHeader(init, elst).version === 1;
      const count = init.readUInt32BE(elst.payload + 4);
      for (let i = 0, at = elst.payload + 8; i < count; i++, at += wide ? 20 : 12) {
        const duration = wide ? init.readBigUInt64BE(at) : BigInt(init.readUInt32BE(at));
        const time = wide ? init.readBigInt64BE(at + 8) : BigInt(init.readInt32BE(at + 4));
        if (time !== -1n) {
          mediaTime = time;
          break;
        }
        delay += duration;
      }
    }
    const fallback = defaults.get(trackId);
    tracks.set(trackId, {
      trackId,
      handler: init.toString("latin1", hdlr.payload + 8, hdlr.payload + 12),
      timescale,
      defaultDuration: fallback?.duration ?? 0,
      defaultSize: fallback?.size ?? 0,
      delay,
      mediaTime,
    });
  }
  if (tracks.size === 0) throw new Error("init segment without tracks");
  return { movieTimescale, tracks };
}

// tfhd and trun flags (ISO/IEC 14496-12 §8.8.7, §8.8.8).
const TFHD_BASE_DATA_OFFSET = 0x1;
const TFHD_DESCRIPTION_INDEX = 0x2;
const TFHD_DEFAULT_DURATION = 0x8;
const TFHD_DEFAULT_SIZE = 0x10;
const TFHD_DURATION_IS_EMPTY = 0x10000;
const TFHD_BASE_IS_MOOF = 0x20000;
const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_FLAGS = 0x4;
const TRUN_DURATION = 0x100;
const TRUN_SIZE = 0x200;
const TRUN_FLAGS = 0x400;
const TRUN_COMPOSITION = 0x800;

/** One track run as read: its samples' table entries are kept as bytes and cut by count. */
interface Run {
  readonly version: number;
  readonly flags: number;
  readonly firstFlags: Buffer | null;
  readonly entrySize: number;
  readonly entries: Buffer;
  readonly durations: readonly number[];
  readonly sizes: readonly number[];
  readonly offsets: readonly bigint[];
  /** Where its sample bytes start in the segment. */
  readonly dataStart: number;
}

interface TrackFragment {
  readonly trackId: number;
  readonly tfhd: Buffer;
  readonly tfdt: Buffer;
  readonly baseTime: bigint;
  readonly runs: readonly Run[];
}

function readTrackFragment(
  data: Buffer,
  traf: Box,
  moofStart: number,
  mdat: Box,
  init: InitTiming,
): TrackFragment {
  const children = boxesOf(data, traf.payload, traf.end);
  const unknown = children.find((b) => !["tfhd", "tfdt", "trun"].includes(b.type));
  // Boxes such as saio/senc point into the sample data: cutting them needs more than this knows.
  if (unknown) throw new Error(`track fragment box ${unknown.type} is not supported`);
  const tfhd = children.find((b) => b.type === "tfhd");
  const tfdt = children.find((b) => b.type === "tfdt");
  if (!tfhd || !tfdt) throw new Error("track fragment without tfhd or tfdt");
  const { flags } = fullHeader(data, tfhd);
  if (flags & (TFHD_BASE_DATA_OFFSET | TFHD_DURATION_IS_EMPTY) || !(flags & TFHD_BASE_IS_MOOF)) {
    throw new Error("only default-base-is-moof track fragments are supported");
  }
  const trackId = data.readUInt32BE(tfhd.payload + 4);
  const track = init.tracks.get(trackId);
  if (!track) throw new Error(`track ${String(trackId)} is not in the init segment`);
  let at = tfhd.payload + 8;
  if (flags & TFHD_DESCRIPTION_INDEX) at += 4;
  let defaultDuration = track.defaultDuration;
  let defaultSize = track.defaultSize;
  if (flags & TFHD_DEFAULT_DURATION) {
    defaultDuration = data.readUInt32BE(at);
    at += 4;
  }
  if (flags & TFHD_DEFAULT_SIZE) defaultSize = data.readUInt32BE(at);
  const tfdtVersion = fullHeader(data, tfdt).version;
  const baseTime =
    tfdtVersion === 1 ? data.readBigUInt64BE(tfdt.payload + 4) : BigInt(data.readUInt32BE(tfdt.payload + 4));

  const runs: Run[] = [];
  let cursor = moofStart;
  for (const trun of children.filter((b) => b.type === "trun")) {
    const { version, flags: runFlags } = fullHeader(data, trun);
    const count = data.readUInt32BE(trun.payload + 4);
    let p = trun.payload + 8;
    let dataStart = cursor;
    if (runFlags & TRUN_DATA_OFFSET) {
      dataStart = moofStart + data.readInt32BE(p);
      p += 4;
    }
    let firstFlags: Buffer | null = null;
    if (runFlags & TRUN_FIRST_FLAGS) {
      firstFlags = data.subarray(p, p + 4);
      p += 4;
    }
    const entrySize =
      4 * [TRUN_DURATION, TRUN_SIZE, TRUN_FLAGS, TRUN_COMPOSITION].filter((f) => runFlags & f).length;
    if (p + count * entrySize > trun.end) throw new Error("trun overruns its box");
    const durations: number[] = [];
    const sizes: number[] = [];
    const offsets: bigint[] = [];
    for (let i = 0; i < count; i++) {
      let q = p + i * entrySize;
      durations.push(runFlags & TRUN_DURATION ? data.readUInt32BE(q) : defaultDuration);
      if (runFlags & TRUN_DURATION) q += 4;
      sizes.push(runFlags & TRUN_SIZE ? data.readUInt32BE(q) : defaultSize);
      if (runFlags & TRUN_SIZE) q += 4;
      if (runFlags & TRUN_FLAGS) q += 4;
      offsets.push(
        runFlags & TRUN_COMPOSITION
          ? version === 0
            ? BigInt(data.readUInt32BE(q))
            : BigInt(data.readInt32BE(q))
          : 0n,
      );
    }
    const length = sizes.reduce((sum, s) => sum + s, 0);
    if (dataStart < mdat.payload || dataStart + length > mdat.end) {
      throw new Error("trun data lies outside the mdat");
    }
    runs.push({
      version,
      flags: runFlags,
      firstFlags,
      entrySize,
      entries: data.subarray(p, p + count * entrySize),
      durations,
      sizes,
      offsets,
      dataStart,
    });
    cursor = dataStart + length;
  }
  return {
    trackId,
    tfhd: data.subarray(tfhd.start, tfhd.end),
    tfdt: data.subarray(tfdt.start, tfdt.end),
    baseTime,
    runs,
  };
}

/** How much of one track a cut kept. */
export interface TrackCut {
  readonly trackId: number;
  readonly handler: string;
  readonly keptSamples: number;
  readonly totalSamples: number;
  /** Decode time the fragment starts at and the kept samples' total duration (track timescale). */
  readonly baseTime: bigint;
  readonly keptDuration: bigint;
  readonly timescale: number;
}

export interface SegmentCut {
  readonly bytes: Buffer;
  readonly tracks: readonly TrackCut[];
}

/**
 * The segment cut at `limitMs` of the clip's timeline. That is the playlist's timeline, which
 * ffmpeg counts from the first video frame; the edit lists put every track on one presentation
 * timeline (a track's empty edits delay it, its media time is where its media starts, and ffmpeg
 * makes that the first video frame's composition time), so the video track's delay is where the
 * playlist's zero lies, and each track is shifted by its delay less the video's (audio's differs:
 * the AAC priming). A track fragment left without samples is dropped; a cut that keeps no video is
 * refused (the limit is not inside this segment).
 */
export function cutSegment(init: Buffer, segment: Buffer, limitMs: number): SegmentCut {
  if (!Number.isSafeInteger(limitMs) || limitMs <= 0) throw new Error("the limit must be a positive integer");
  const timing = readInit(init);
  const reference =
    [...timing.tracks.values()].find((t) => t.handler === "vide") ?? [...timing.tracks.values()][0];
  if (!reference) throw new Error("init segment without tracks");
  const movieScale = BigInt(timing.movieTimescale);
  const limit = BigInt(limitMs);

  const top = boxesOf(segment);
  const moofIndex = top.findIndex((b) => b.type === "moof");
  const moof = top[moofIndex];
  const mdat = top[moofIndex + 1];
  const before = top.slice(0, Math.max(0, moofIndex));
  if (
    !moof ||
    mdat?.type !== "mdat" ||
    top.length !== moofIndex + 2 ||
    before.some((b) => b.type !== "styp" && b.type !== "sidx")
  ) {
    throw new Error("not a one-fragment fMP4 segment (styp, sidx, moof, mdat)");
  }
  const moofChildren = boxesOf(segment, moof.payload, moof.end);
  const mfhd = moofChildren.find((b) => b.type === "mfhd");
  if (!mfhd || moofChildren.some((b) => b.type !== "mfhd" && b.type !== "traf")) {
    throw new Error("movie fragment with boxes other than mfhd and traf");
  }
  const fragments = moofChildren
    .filter((b) => b.type === "traf")
    .map((traf) => readTrackFragment(segment, traf, moof.start, mdat, timing));

  // Per track: the samples in decode order before the first one presented at or past the limit.
  const cuts = fragments.map((fragment) => {
    const track = timing.tracks.get(fragment.trackId);
    if (!track) throw new Error("unknown track");
    const scale = BigInt(track.timescale);
    // presentation = (dts + cto - mediaTime) / scale + (delay - referenceDelay) / movieScale, in
    // seconds; compared with limit / 1000 in whole numbers (all sides times scale·movieScale·1000).
    const shift = (track.delay - reference.delay) * scale * 1000n;
    const bound = limit * scale * movieScale;
    let dts = fragment.baseTime;
    let stopped = false;
    let keptDuration = 0n;
    const kept: number[] = [];
    for (const run of fragment.runs) {
      let count = 0;
      for (let i = 0; i < run.durations.length && !stopped; i++) {
        const presentation = (dts + (run.offsets[i] ?? 0n) - track.mediaTime) * movieScale * 1000n + shift;
        if (presentation >= bound) stopped = true;
        else {
          const duration = BigInt(run.durations[i] ?? 0);
          dts += duration;
          keptDuration += duration;
          count++;
        }
      }
      kept.push(count);
    }
    return { fragment, track, kept, keptDuration };
  });
  const video = cuts.find((c) => c.track.trackId === reference.trackId);
  if (!video || video.kept.every((n) => n === 0)) throw new Error("the limit is not inside this segment");

  // The new moof, then each kept run's data offset: where its bytes land in the new mdat.
  const keptRuns: { dataStart: number; length: number }[] = [];
  const trafs: Buffer[] = [];
  for (const { fragment, kept } of cuts) {
    const runs: Buffer[] = [];
    for (const [i, run] of fragment.runs.entries()) {
      const count = kept[i] ?? 0;
      if (count === 0) continue;
      const head = Buffer.alloc(12 + (run.firstFlags ? 4 : 0));
      head.writeUInt8(run.version, 0);
      head.writeUIntBE(run.flags | TRUN_DATA_OFFSET, 1, 3);
      head.writeUInt32BE(count, 4);
      run.firstFlags?.copy(head, 12);
      runs.push(box("trun", head, run.entries.subarray(0, count * run.entrySize)));
      keptRuns.push({
        dataStart: run.dataStart,
        length: run.sizes.slice(0, count).reduce((sum, s) => sum + s, 0),
      });
    }
    if (runs.length > 0) trafs.push(box("traf", fragment.tfhd, fragment.tfdt, ...runs));
  }
  const newMoof = box("moof", segment.subarray(mfhd.start, mfhd.end), ...trafs);
  const written = boxesOf(newMoof, 8)
    .filter((b) => b.type === "traf")
    .flatMap((traf) => boxesOf(newMoof, traf.payload, traf.end).filter((b) => b.type === "trun"));
  let dataAt = newMoof.length + 8;
  const pieces: Buffer[] = [];
  for (const [i, run] of keptRuns.entries()) {
    const trun = written[i];
    if (!trun) throw new Error("lost a track run");
    newMoof.writeInt32BE(dataAt, trun.payload + 8);
    pieces.push(segment.subarray(run.dataStart, run.dataStart + run.length));
    dataAt += run.length;
  }
  const newMdat = box("mdat", ...pieces);

  const head = before.map((b) => {
    const bytes = Buffer.from(segment.subarray(b.start, b.end));
    if (b.type === "sidx") rewriteIndex(bytes, newMoof.length + newMdat.length, cuts, timing);
    return bytes;
  });
  return {
    bytes: Buffer.concat([...head, newMoof, newMdat]),
    tracks: cuts.map(({ fragment, track, kept, keptDuration }) => ({
      trackId: track.trackId,
      handler: track.handler,
      keptSamples: kept.reduce((sum, n) => sum + n, 0),
      totalSamples: fragment.runs.reduce((sum, r) => sum + r.durations.length, 0),
      baseTime: fragment.baseTime,
      keptDuration,
      timescale: track.timescale,
    })),
  };
}

/**
 * A segment index box (sidx) of one reference to the fragment: its size and duration made those of
 * the cut fragment (in place; a copy of the original box).
 */
function rewriteIndex(
  sidx: Buffer,
  fragmentLength: number,
  cuts: readonly { track: TrackTiming; keptDuration: bigint }[],
  timing: InitTiming,
): void {
  const [only] = boxesOf(sidx);
  if (!only) throw new Error("empty sidx");
  const { version } = fullHeader(sidx, only);
  const trackId = sidx.readUInt32BE(only.payload + 4);
  const timescale = BigInt(sidx.readUInt32BE(only.payload + 8));
  const references = only.payload + (version === 1 ? 28 : 20);
  if (sidx.readUInt16BE(references + 2) !== 1) throw new Error("sidx with other than one reference");
  const reference = references + 4;
  if (sidx.readUInt32BE(reference) & 0x8000_0000) throw new Error("sidx referring to another index");
  const cut = cuts.find((c) => c.track.trackId === trackId);
  const trackScale = BigInt(timing.tracks.get(trackId)?.timescale ?? 1);
  sidx.writeUInt32BE(fragmentLength, reference);
  sidx.writeUInt32BE(Number(((cut?.keptDuration ?? 0n) * timescale) / trackScale), reference + 4);
}
