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

/** Run ffmpeg; its own error text becomes the error when it fails. */
function ffmpeg(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("ffmpeg", ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...args], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
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
    // Key frames every SHORT_SEGMENT_SECONDS for the first SHORT_SEGMENTS, then every SEGMENT_SECONDS.
    const shortEnd = SHORT_SEGMENTS * SHORT_SEGMENT_SECONDS;
    const keyFrames =
      `expr:if(lt(t,${String(shortEnd)}),gte(t,n_forced*${String(SHORT_SEGMENT_SECONDS)}),` +
      `gte(t,${String(shortEnd)}+(n_forced-${String(SHORT_SEGMENTS)})*${String(SEGMENT_SECONDS)}))`;
    const outputs = ladder.flatMap((rung, i) => {
      const kbps = recipe.lowBitrate ? rung.lowVideoKbps : rung.videoKbps;
      return [
        ...["-map", `[o${String(i)}]`, "-map", "1:a"],
        ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main"],
        ...["-force_key_frames", keyFrames, "-sc_threshold", "0"],
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
      const dir = join(work, rung.name);
      mkdirSync(dir);
      await ffmpeg([
        ...(recipe.seconds > baseSeconds ? ["-stream_loop", "-1"] : []),
        ...["-i", join(work, `base_${rung.name}.mp4`), "-t", String(recipe.seconds), "-c", "copy"],
        // Cut at every key frame at least SHORT_SEGMENT_SECONDS after the last cut: the key frames
        // above make the first segments short and the rest SEGMENT_SECONDS long.
        ...["-f", "hls", "-hls_time", String(SHORT_SEGMENT_SECONDS), "-hls_playlist_type", "vod"],
        ...["-hls_segment_type", "fmp4", "-hls_flags", "independent_segments"],
        ...["-hls_fmp4_init_filename", "init.mp4", "-hls_segment_filename", join(dir, "seg_%05d.m4s")],
        join(dir, "index.m3u8"),
      ]);
    }

    // Covers from the 720p base, two seconds in: a landscape cover for every clip (a vertical
    // clip's sits on a blurred copy of itself), and the upright one for vertical clips.
    const source = join(work, "base_720p.mp4");
    const at = String(Math.min(2, baseSeconds / 2));
    await ffmpeg([
      ...["-ss", at, "-i", source, "-frames:v", "1", "-q:v", "4"],
      ...(recipe.orientation === "landscape"
        ? ["-vf", "scale=640:360"]
        : [
            "-filter_complex",
            "[0:v]split[a][b];[a]scale=640:360,boxblur=20[bg];[b]scale=-2:360[fg];[bg][fg]overlay=(W-w)/2:0",
          ]),
      join(work, "cover.jpg"),
    ]);
    if (recipe.orientation === "vertical") {
      await ffmpeg([
        "-ss",
        at,
        "-i",
        source,
        "-frames:v",
        "1",
        "-q:v",
        "4",
        "-vf",
        "scale=360:640",
        join(work, "vertical.jpg"),
      ]);
    }
    // WebP renditions of each cover at the widths the app's srcset names (domain `coverWidths`):
    // a card on a phone needs the 320 px one, 3 KB instead of the 16 KB JPEG.
    for (const name of recipe.orientation === "vertical"
      ? (["cover", "vertical"] as const)
      : (["cover"] as const)) {
      for (const width of coverWidths[name]) {
        await ffmpeg([
          ...["-i", join(work, `${name}.jpg`), "-vf", `scale=${String(width)}:-2`],
          ...["-c:v", "libwebp", "-quality", "70", join(work, coverVariantFile(name, width))],
        ]);
      }
    }
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
