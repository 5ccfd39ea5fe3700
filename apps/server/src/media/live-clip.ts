/**
 * The demo room's clip (Step 16, decision 0022): 20 s of ffmpeg's test picture and a tone, H.264
 * with a key frame every second and AAC, made once into the media folder. The demo room loops it
 * into the RTMP ingest with `-c copy` (no encoding while it runs), and the ingest's packager cuts
 * 1 s segments at its key frames.
 */
import { existsSync, mkdirSync } from "node:fs";
import { rename } from "node:fs/promises";
import { join } from "node:path";
import { ffmpeg } from "./generate";

/** Change with the recipe below: a new recipe is a new file. */
const LIVE_CLIP = "live-demo-v1.mp4";

export async function ensureLiveClip(mediaDir: string): Promise<string> {
  const file = join(mediaDir, LIVE_CLIP);
  if (existsSync(file)) return file;
  mkdirSync(mediaDir, { recursive: true });
  const partial = `${file}.${String(process.pid)}.part.mp4`;
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=640x360:rate=25",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=330:beep_factor=4:sample_rate=48000",
    "-t",
    "20",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-profile:v",
    "main",
    "-pix_fmt",
    "yuv420p",
    "-b:v",
    "700k",
    "-g",
    "25",
    "-keyint_min",
    "25",
    "-sc_threshold",
    "0",
    "-c:a",
    "aac",
    "-b:a",
    "96k",
    "-movflags",
    "+faststart",
    partial,
  ]);
  await rename(partial, file);
  return file;
}
