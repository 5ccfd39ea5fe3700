/**
 * Reading one track fragment (traf) of an fMP4 segment: its header, decode time and track runs,
 * with each sample's duration, size and composition offset, as the preview cut (cut.ts) needs them.
 */

import { boxesOf, fullHeader } from "./bmff";
import type { Box } from "./bmff";
import type { InitTiming } from "./bmff-init";

// tfhd and trun flags (ISO/IEC 14496-12 §8.8.7, §8.8.8).
const TFHD_BASE_DATA_OFFSET = 0x1;
const TFHD_DESCRIPTION_INDEX = 0x2;
const TFHD_DEFAULT_DURATION = 0x8;
const TFHD_DEFAULT_SIZE = 0x10;
const TFHD_DURATION_IS_EMPTY = 0x10000;
const TFHD_BASE_IS_MOOF = 0x20000;
export const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_FLAGS = 0x4;
const TRUN_DURATION = 0x100;
const TRUN_SIZE = 0x200;
const TRUN_FLAGS = 0x400;
const TRUN_COMPOSITION = 0x800;

/** One track run as read: its samples' table entries are kept as bytes and cut by count. */
export interface Run {
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

export interface TrackFragment {
  readonly trackId: number;
  readonly tfhd: Buffer;
  readonly tfdt: Buffer;
  readonly baseTime: bigint;
  readonly runs: readonly Run[];
}

export function readTrackFragment(
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
