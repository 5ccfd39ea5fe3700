import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { coverVariantFile, coverWidths } from "@platform/domain";
import { parsePlaylist } from "./playlist";
import {
  LOOP_SECONDS,
  SEGMENT_SECONDS,
  SHORT_SEGMENTS,
  SHORT_SEGMENT_SECONDS,
  ladder,
  mediaProfiles,
  recipeHash,
  rungSize,
  sizeOf,
} from "./recipes";
import type { ClipRecipe, MediaProfile } from "./recipes";

/** What a made clip is: written last, so its presence means the folder is complete. */
export interface ClipManifest {
  readonly key: string;
  /** `<key>-<recipe hash>`: the folder, and part of every URL (a new recipe gets new URLs). */
  readonly folder: string;
  readonly orientation: "landscape" | "vertical";
  readonly width: number;
  readonly height: number;
  /** Length of the 720p playlist (the sum of its segments), in milliseconds. */
  readonly lengthMs: number;
  readonly renditions: readonly { name: string; width: number; height: number; bandwidth: number }[];
  readonly cover: string;
  readonly verticalCover: string | null;
}

export const MANIFEST = "manifest.json";

/**
 * Run ffmpeg; its own error text becomes the error when it fails. `onProgress` gets the position
 * it has written up to (seconds), from `-progress`.
 */
export function ffmpeg(
  args: readonly string[],
  onProgress?: (seconds: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const progress = onProgress ? ["-progress", "pipe:1", "-nostats"] : [];
    const child = spawn(
      "ffmpeg",
      ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...progress, ...args],
      {
        stdio: ["ignore", onProgress ? "pipe" : "ignore", "pipe"],
        // A job that loses its lease or is cut by a shutdown stops its ffmpeg at once.
        ...(signal ? { signal } : {}),
      },
    );
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    let pending = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const us = /^out_time_us=(\d+)/.exec(line)?.[1];
        if (us !== undefined) onProgress?.(Number(us) / 1e6);
      }
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error("ffmpeg is not installed: run scripts/bootstrap.sh (it installs Debian's ffmpeg)")
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (exit ${String(code)}): ${stderr.trim()}`));
    });
  });
}

function fill(template: string, values: Record<string, number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/**
 * ffmpeg's `-force_key_frames`: every SHORT_SEGMENT_SECONDS for the first SHORT_SEGMENTS, then every
 * SEGMENT_SECONDS, so `cutHls` cuts short segments first (a quick first frame), then longer ones.
 */
export const KEY_FRAMES =
  `expr:if(lt(t,${String(SHORT_SEGMENTS * SHORT_SEGMENT_SECONDS)}),gte(t,n_forced*${String(SHORT_SEGMENT_SECONDS)}),` +
  `gte(t,${String(SHORT_SEGMENTS * SHORT_SEGMENT_SECONDS)}+(n_forced-${String(SHORT_SEGMENTS)})*${String(SEGMENT_SECONDS)}))`;

/**
 * Cut an encoded rendition into fMP4 HLS in `dir` (made here), without encoding again: at every key
 * frame at least SHORT_SEGMENT_SECONDS after the last cut (KEY_FRAMES decides the lengths).
 * `loopTo`: repeat the base up to this many seconds (the seed's long clips).
 */
export async function cutHls(base: string, dir: string, loopTo: number | null = null): Promise<void> {
  mkdirSync(dir);
  await ffmpeg([
    ...(loopTo === null ? [] : ["-stream_loop", "-1"]),
    ...["-i", base, ...(loopTo === null ? [] : ["-t", String(loopTo)]), "-c", "copy"],
    ...["-f", "hls", "-hls_time", String(SHORT_SEGMENT_SECONDS), "-hls_playlist_type", "vod"],
    ...["-hls_segment_type", "fmp4", "-hls_flags", "independent_segments"],
    ...["-hls_fmp4_init_filename", "init.mp4", "-hls_segment_filename", join(dir, "seg_%05d.m4s")],
    join(dir, "index.m3u8"),
  ]);
}

/**
 * A clip's covers from its best rendition, `at` seconds in: a landscape cover for every clip (a
 * vertical clip's sits on a blurred copy of itself), the upright one for vertical clips, and WebP
 * renditions of each at the widths the app's srcset names (domain `coverWidths`): a card on a
 * phone needs the 320 px one, 3 KB instead of the 16 KB JPEG.
 */
export async function makeCovers(
  work: string,
  source: string,
  orientation: "landscape" | "vertical",
  atSeconds: number,
): Promise<void> {
  const at = String(atSeconds);
  await ffmpeg([
    ...["-ss", at, "-i", source, "-frames:v", "1", "-q:v", "4"],
    ...(orientation === "landscape"
      ? ["-vf", "scale=640:360"]
      : [
          "-filter_complex",
          "[0:v]split[a][b];[a]scale=640:360,boxblur=20[bg];[b]scale=-2:360[fg];[bg][fg]overlay=(W-w)/2:0",
        ]),
    join(work, "cover.jpg"),
  ]);
  if (orientation === "vertical") {
    await ffmpeg([
      ...["-ss", at, "-i", source, "-frames:v", "1", "-q:v", "4"],
      ...["-vf", "scale=360:640", join(work, "vertical.jpg")],
    ]);
  }
  for (const name of orientation === "vertical" ? (["cover", "vertical"] as const) : (["cover"] as const)) {
    for (const width of coverWidths[name]) {
      await ffmpeg([
        ...["-i", join(work, `${name}.jpg`), "-vf", `scale=${String(width)}:-2`],
        ...["-c:v", "libwebp", "-quality", "70", join(work, coverVariantFile(name, width))],
      ]);
    }
  }
}

/**
 * Make one clip in a temporary folder and move it into place: encode a base (the whole clip, or
 * LOOP_SECONDS of a long one) at every rung in one ffmpeg pass, cut each into fMP4 HLS segments
 * (repeating the encoded base of a long clip without encoding again), and take the covers.
 */
async function makeClip(mediaDir: string, recipe: ClipRecipe): Promise<ClipManifest> {
  const folder = `${recipe.key}-${recipeHash(recipe)}`;
  const work = join(mediaDir, `.${folder}.${randomBytes(4).toString("hex")}`);
  mkdirSync(work, { recursive: true });
  try {
    const { width, height } = sizeOf(recipe);
    const baseSeconds = Math.min(recipe.seconds, LOOP_SECONDS);
    const split = ladder.map((_, i) => `[s${String(i)}]`).join("");
    const scales = ladder
      .map((rung, i) => {
        const size = rungSize(recipe, rung);
        return `[s${String(i)}]scale=${String(size.width)}:${String(size.height)},format=yuv420p[o${String(i)}]`;
      })
      .join(";");
    const outputs = ladder.flatMap((rung, i) => {
      const kbps = recipe.lowBitrate ? rung.lowVideoKbps : rung.videoKbps;
      return [
        ...["-map", `[o${String(i)}]`, "-map", "1:a"],
        ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main"],
        ...["-force_key_frames", KEY_FRAMES, "-sc_threshold", "0"],
        ...["-b:v", `${String(kbps)}k`, "-maxrate", `${String(Math.round(kbps * 1.5))}k`],
        ...["-bufsize", `${String(kbps * 2)}k`],
        ...["-c:a", "aac", "-ar", "48000"],
        ...(recipe.lowBitrate ? ["-ac", "1", "-b:a", "32k"] : ["-ac", "2", "-b:a", "96k"]),
        join(work, `base_${rung.name}.mp4`),
      ];
    });
    await ffmpeg([
      ...[
        "-f",
        "lavfi",
        "-t",
        String(baseSeconds),
        "-i",
        fill(recipe.picture, { w: width, h: height, fps: recipe.fps }),
      ],
      ...[
        "-f",
        "lavfi",
        "-t",
        String(baseSeconds),
        "-i",
        `sine=frequency=${String(recipe.toneHz)}:sample_rate=48000`,
      ],
      ...["-filter_complex", `[0:v]split=${String(ladder.length)}${split};${scales}`],
      ...outputs,
    ]);

    for (const rung of ladder) {
      await cutHls(
        join(work, `base_${rung.name}.mp4`),
        join(work, rung.name),
        recipe.seconds > baseSeconds ? recipe.seconds : null,
      );
    }

    // Covers from the 720p base, two seconds in.
    await makeCovers(work, join(work, "base_720p.mp4"), recipe.orientation, Math.min(2, baseSeconds / 2));
    for (const rung of ladder) await rm(join(work, `base_${rung.name}.mp4`));

    const top = parsePlaylist(await readFile(join(work, "720p", "index.m3u8"), "utf8"));
    const manifest: ClipManifest = {
      key: recipe.key,
      folder,
      orientation: recipe.orientation,
      width,
      height,
      lengthMs: Math.round(top.segments.reduce((sum, s) => sum + s.duration, 0) * 1000),
      renditions: ladder.map((rung) => ({
        name: rung.name,
        ...rungSize(recipe, rung),
        bandwidth: (recipe.lowBitrate ? rung.lowVideoKbps + 32 : rung.videoKbps + 96) * 1000,
      })),
      cover: "cover.jpg",
      verticalCover: recipe.orientation === "vertical" ? "vertical.jpg" : null,
    };
    await writeFile(join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    const target = join(mediaDir, folder);
    if (existsSync(join(target, MANIFEST))) {
      // Another process made it meanwhile: keep theirs.
      await rm(work, { recursive: true, force: true });
    } else {
      await rm(target, { recursive: true, force: true });
      await rename(work, target);
    }
    return manifest;
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Make sure every clip of a profile exists in the media folder, making the missing ones (they
 * are cached there: a restart or a second run makes nothing). Reports progress as it goes.
 */
export async function ensureSeedMedia(
  mediaDir: string,
  profile: MediaProfile,
  progress: (line: string) => void = () => undefined,
): Promise<ClipManifest[]> {
  mkdirSync(mediaDir, { recursive: true });
  const recipes = mediaProfiles[profile];
  const made: ClipManifest[] = [];
  for (const [i, recipe] of recipes.entries()) {
    const file = join(mediaDir, `${recipe.key}-${recipeHash(recipe)}`, MANIFEST);
    if (existsSync(file)) {
      made.push(JSON.parse(await readFile(file, "utf8")) as ClipManifest);
      continue;
    }
    const started = Date.now();
    progress(
      `making seed media ${String(i + 1)}/${String(recipes.length)}: ${recipe.key} (${recipe.orientation}, ${String(recipe.seconds)} s)…`,
    );
    made.push(await makeClip(mediaDir, recipe));
    progress(`  ${recipe.key} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return made;
}
