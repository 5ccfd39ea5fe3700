import { createHash } from "node:crypto";

/**
 * The seed clips: made by ffmpeg from its own test sources (nothing downloaded, nothing committed),
 * each a different picture and tone, landscape and vertical, short and long, so that every
 * duration format (m:ss and h:mm:ss) and every duration filter bucket has videos.
 */
export interface ClipRecipe {
  /** Folder name in the media library; the catalogue refers to clips by it. */
  readonly key: string;
  readonly orientation: "landscape" | "vertical";
  readonly seconds: number;
  readonly fps: number;
  /** An ffmpeg lavfi video source at the clip's full size ({w}, {h}, {fps} filled in). */
  readonly picture: string;
  /** Tone of the audio track (Hz). */
  readonly toneHz: number;
  /** Long clips are encoded once for LOOP_SECONDS and the encoded stream repeated (no re-encode). */
  readonly lowBitrate?: boolean;
}

/** One rendition of the ladder: `short` is the short side in pixels (360p of a vertical clip is 360 wide). */
export interface Rung {
  readonly name: "360p" | "480p" | "720p";
  readonly short: number;
  readonly videoKbps: number;
  readonly lowVideoKbps: number;
}

export const ladder: readonly Rung[] = [
  { name: "360p", short: 360, videoKbps: 500, lowVideoKbps: 90 },
  { name: "480p", short: 480, videoKbps: 900, lowVideoKbps: 140 },
  { name: "720p", short: 720, videoKbps: 1600, lowVideoKbps: 220 },
];

/** The rendition a player starts with (mobile networks: the middle one). */
export const DEFAULT_RENDITION = "480p";

/** Segment length (seconds); key frames are forced on it so every segment starts cleanly. */
export const SEGMENT_SECONDS = 4;

/**
 * The first seconds are cut in 1-second segments (Step 13): a player's first request is a quarter
 * of a 4-second one (480p: ≈ 120 KB instead of ≈ 485 KB), so a phone on 1.6 Mbps shows the first
 * frame ≈ 1.8 s sooner; after them, segments are SEGMENT_SECONDS long.
 */
export const SHORT_SEGMENTS = 4;
export const SHORT_SEGMENT_SECONDS = 1;

/**
 * Long clips loop an encoded base of this length. 64 s holds whole segments (16 × 4 s), whole
 * video frames at any of the frame rates used, and whole AAC frames at 48 kHz (3000 × 1024
 * samples), so the repeats join without a gap.
 */
export const LOOP_SECONDS = 64;

const pictures = {
  aurora: "testsrc2=s={w}x{h}:r={fps}",
  skyline: "testsrc2=s={w}x{h}:r={fps},hue=h=120",
  colourbars:
    "smptehdbars=s={w}x{h}:r={fps},drawbox=x='mod(t*120,iw)':y=ih*0.7:w=80:h=80:color=white@0.8:t=fill",
} as const;

const full: readonly ClipRecipe[] = [
  {
    key: "aurora",
    orientation: "landscape",
    seconds: 48,
    fps: 25,
    picture: pictures.aurora,
    toneHz: 440,
  },
  {
    key: "skyline",
    orientation: "vertical",
    seconds: 36,
    fps: 25,
    picture: pictures.skyline,
    toneHz: 523,
  },
  {
    key: "colourbars",
    orientation: "landscape",
    seconds: 150,
    fps: 15,
    picture: pictures.colourbars,
    toneHz: 330,
    lowBitrate: true,
  },
  {
    key: "lifegame",
    orientation: "vertical",
    seconds: 12 * 60 + 4,
    fps: 10,
    picture:
      "life=s=180x320:mold=10:r={fps}:ratio=0.1:death_color=#102030:life_color=#40c0ff,scale={w}:{h}:flags=neighbor",
    toneHz: 392,
    lowBitrate: true,
  },
  {
    key: "lecture",
    orientation: "landscape",
    seconds: 32 * 60,
    fps: 10,
    picture: "testsrc=s={w}x{h}:r={fps}",
    toneHz: 294,
    lowBitrate: true,
  },
  {
    key: "feature",
    orientation: "landscape",
    seconds: 61 * 60 + 8,
    fps: 10,
    picture: "rgbtestsrc=s={w}x{h}:r={fps},drawbox=x='mod(t*60,iw)':y=ih*0.4:w=60:h=60:color=yellow:t=fill",
    toneHz: 262,
    lowBitrate: true,
  },
];

/**
 * A small set for the test suites (seconds to make): two short clips, landscape and vertical,
 * and one looped clip, so the looping path is tested too.
 */
const quick: readonly ClipRecipe[] = [
  { key: "aurora", orientation: "landscape", seconds: 20, fps: 15, picture: pictures.aurora, toneHz: 440 },
  { key: "skyline", orientation: "vertical", seconds: 12, fps: 15, picture: pictures.skyline, toneHz: 523 },
  {
    key: "colourbars",
    orientation: "landscape",
    seconds: 100,
    fps: 5,
    picture: pictures.colourbars,
    toneHz: 330,
    lowBitrate: true,
  },
];

export const mediaProfiles = { full, quick } as const;
export type MediaProfile = keyof typeof mediaProfiles;

/** Full size of a clip (its 720p rendition). */
export function sizeOf(recipe: ClipRecipe): { width: number; height: number } {
  return recipe.orientation === "landscape" ? { width: 1280, height: 720 } : { width: 720, height: 1280 };
}

/** Size of one rendition (even numbers, as H.264 needs). */
export function rungSize(recipe: ClipRecipe, rung: Rung): { width: number; height: number } {
  const { width, height } = sizeOf(recipe);
  const long = Math.round((rung.short * Math.max(width, height)) / Math.min(width, height) / 2) * 2;
  return recipe.orientation === "landscape"
    ? { width: long, height: rung.short }
    : { width: rung.short, height: long };
}

/** A recipe's fingerprint: a changed recipe is made again, in a new folder. */
export function recipeHash(recipe: ClipRecipe): string {
  return createHash("sha256")
    .update(
      JSON.stringify({
        recipe,
        ladder,
        SEGMENT_SECONDS,
        SHORT_SEGMENTS,
        SHORT_SEGMENT_SECONDS,
        LOOP_SECONDS,
        v: 3,
      }),
    )
    .digest("hex")
    .slice(0, 10);
}
