/**
 * Cutting an fMP4 HLS segment at a preview's limit by rewriting its ISO-BMFF boxes (no re-encode):
 * per track, the samples in decode order up to the first one presented at or after the limit are
 * kept (references are decoded earlier, so every kept sample decodes), and the fragment is written
 * again around them. Only the layout ffmpeg's HLS muxer writes is accepted (styp, sidx boxes, one
 * moof with default-base-is-moof track fragments, one mdat); anything else is refused, not guessed.
 */

import { box, boxesOf, fullHeader } from "./bmff";
import { readInit } from "./bmff-init";
import type { InitTiming, TrackTiming } from "./bmff-init";
import { TRUN_DATA_OFFSET, readTrackFragment } from "./bmff-fragment";

export { readInit };
export type { InitTiming, TrackTiming };

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
