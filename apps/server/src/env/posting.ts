import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { z } from "zod";
import { group, orElse, orNull, setting, text, whole, yuan } from "./setting";
import type { Read } from "./setting";

/** Posting videos (Step 14): prices, previews, processing and review. */
export interface CreationSettings {
  /** A CHARGE video's price bounds (hundredths). */
  readonly priceMin: number;
  readonly priceMax: number;
  /** The longest preview of SVIP and CHARGE videos, and the one a new video gets (ms). */
  readonly previewMaxMs: number;
  readonly previewDefaultMs: number;
  /** ffmpeg processes this process runs at once. */
  readonly transcodeConcurrency: number;
  /** The automatic review's technical bounds. */
  readonly minSeconds: number;
  readonly maxMinutes: number;
  readonly minShortSide: number;
  /** Words a title, introduction or tag may not contain (lower case). */
  readonly bannedWords: readonly string[];
}

const discount = z
  .string()
  .transform(Number)
  .pipe(
    z
      .number({ error: "must be more than 0 and at most 10" })
      .gt(0, { error: "must be more than 0 and at most 10" })
      .lte(10, { error: "must be more than 0 and at most 10" }),
  );

/** Videos' prices, previews, processing and the automatic review. */
export const postingSettings = {
  memberDiscount: setting("MEMBER_DISCOUNT", orElse(discount, 8), {
    default: "`8`",
    description: "member price = amount × discount / 10 for CHARGE videos that set no discount of their own",
  }),
  priceMin: setting("VIDEO_PRICE_MIN", orElse(yuan, 1), {
    default: "`0.01` (yuan)",
    description: "a CHARGE video's lowest price",
  }),
  priceMax: setting("VIDEO_PRICE_MAX", orElse(yuan, 99_900), {
    default: "`999.00` (yuan)",
    description: "a CHARGE video's highest price",
  }),
  previewMaxSeconds: setting("VIDEO_PREVIEW_MAX_SECONDS", orElse(whole(0), 300), {
    default: "`300`",
    description: "the longest preview of SVIP and CHARGE videos (a new one gets 15 s)",
  }),
  transcodeConcurrency: setting("TRANSCODE_CONCURRENCY", orNull(whole()), {
    default: "cores − 1 (at least 1)",
    description: "ffmpeg processes one server process runs at once",
  }),
  minSeconds: setting("VIDEO_MIN_SECONDS", orElse(whole(0), 1), {
    default: "`1`",
    description: "the automatic technical review: the shortest video (status 18 below it)",
  }),
  maxMinutes: setting("VIDEO_MAX_MINUTES", orElse(whole(), 180), {
    default: "`180`",
    description: "the automatic technical review: the longest video (status 18 above it)",
  }),
  minShortSide: setting("VIDEO_MIN_SHORT_SIDE", orElse(whole(), 144), {
    default: "`144`",
    description: "the automatic technical review: the least short side in pixels (status 18 below it)",
  }),
  bannedWordsFile: setting("BANNED_WORDS_FILE", orNull(text), {
    default: "`apps/server/banned-words.txt`",
    description: "words a title, introduction or tag may not contain (status 60), one per line",
  }),
};

export const postingGroup = group("Posting videos", postingSettings);

/** BANNED_WORDS_FILE: one word per line, `#` starts a comment; words are matched in lower case. */
function bannedWordsOf(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`BANNED_WORDS_FILE: cannot read ${file}`);
  }
  return [
    ...new Set(
      text
        .split("\n")
        .map((line) => line.replace(/#.*$/, "").trim().normalize("NFKC").toLowerCase())
        .filter((word) => word !== ""),
    ),
  ];
}

/** `repoRoot` ends with a slash: the default word list hangs from it. */
export function creationOf(read: Read, repoRoot: string): CreationSettings {
  const s = postingSettings;
  const priceMin = read(s.priceMin);
  const priceMax = read(s.priceMax);
  if (priceMax < priceMin) throw new Error("VIDEO_PRICE_MAX must not be below VIDEO_PRICE_MIN");
  const previewMaxMs = read(s.previewMaxSeconds) * 1000;
  return {
    priceMin,
    priceMax,
    previewMaxMs,
    previewDefaultMs: Math.min(15_000, previewMaxMs),
    transcodeConcurrency: read(s.transcodeConcurrency) ?? Math.max(1, availableParallelism() - 1),
    minSeconds: read(s.minSeconds),
    maxMinutes: read(s.maxMinutes),
    minShortSide: read(s.minShortSide),
    bannedWords: bannedWordsOf(read(s.bannedWordsFile) ?? `${repoRoot}apps/server/banned-words.txt`),
  };
}
