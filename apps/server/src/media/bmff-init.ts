/**
 * What an fMP4 init segment says about each track (timescale, edit list, fragment defaults): the
 * timeline the preview cut (cut.ts) places every sample on.
 */

import { boxesOf, childOf, fullHeader } from "./bmff";

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
