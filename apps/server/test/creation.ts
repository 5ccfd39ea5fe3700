import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, vi } from "vitest";
import type { PlatformApi } from "@platform/api-client";
import type { ReviewDeps } from "../src/modules/posting/review";
import type { DatabaseTarget, TestPlatform } from "./harness";
import { registerPhone, rowsOf, signIn, startSeeded } from "./harness";

const folder = fileURLToPath(new URL("../.cache/test-uploads", import.meta.url));

/**
 * A short real MP4 made by ffmpeg (kept between runs): H.264 + AAC, `seconds` long, of this size.
 * Noise makes the bytes many (a file of several parts) while the clip stays short.
 */
/** Where `sampleVideo` keeps a clip of this name (made on first use). */
export function sampleVideoPath(name: string): string {
  return join(folder, `${name}.mp4`);
}

export function sampleVideo(
  name: string,
  options: { seconds: number; width: number; height: number; noise?: boolean; kbps?: number },
): Buffer {
  mkdirSync(folder, { recursive: true });
  const path = sampleVideoPath(name);
  if (!existsSync(path)) {
    const scratch = `${path}.${String(process.pid)}.tmp.mp4`;
    const picture = `testsrc2=s=${String(options.width)}x${String(options.height)}:r=15${options.noise ? ",noise=alls=60:allf=t" : ""}`;
    execFileSync(
      "ffmpeg",
      [
        ...["-v", "error", "-y", "-f", "lavfi", "-i", picture, "-f", "lavfi", "-i", "sine=frequency=330"],
        ...["-t", String(options.seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
        ...(options.noise
          ? [
              "-b:v",
              `${String(options.kbps ?? 4000)}k`,
              "-maxrate",
              `${String(options.kbps ?? 4000)}k`,
              "-bufsize",
              "1M",
            ]
          : []),
        ...["-c:a", "aac", "-shortest", scratch],
      ],
      { stdio: "ignore" },
    );
    // Suites in other workers may make the same clip at once: each writes its own scratch file and
    // renames it over the clip (atomic), so none reads a half-written one or fails to move it.
    renameSync(scratch, path);
  }
  return readFileSync(path);
}

export function videoFile(bytes: Buffer, name = "clip.mp4", type = "video/mp4"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** Upload a file in parts to the end. */
export async function uploadVideo(api: PlatformApi, file: File): Promise<string> {
  const upload = await api.resumableUpload(file);
  const done = await upload.start();
  return done.key;
}

/** Wait until a video's status is one of these (the jobs run every 50 ms in tests). */
export async function statusBecomes(
  platform: TestPlatform,
  videoId: string,
  statuses: readonly number[],
  timeoutMs = 60_000,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const [row] = await rowsOf<{ status: number }>(
      platform,
      `select status from videos where id = ${videoId}`,
    );
    if (row && statuses.includes(row.status)) return row.status;
    if (Date.now() - started > timeoutMs)
      expect.fail(`video ${videoId} stayed at ${String(row?.status)}, not ${statuses.join("/")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The details of a new post. */
export function post(videoKey: string, title = "我的第一个视频") {
  return {
    videoTitle: title,
    introduction: "用手机拍的",
    tags: ["日常"],
    allowDownload: false,
    watchLevel: "FREE" as const,
    amount: 0,
    freeTimeMs: 15_000,
    videoKey,
  };
}

/** Wait until a condition holds (checked every 5 ms, for at most 30 s). */
export async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) expect.fail("the condition never held");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A posting suite's platform: started and seeded before its tests (uploads in 64 KiB parts),
 * closed after them; the 3-second clip it uploads, the review's dependencies, and `newcomer` (a
 * freshly registered person, signed in).
 */
export function postingPlatform(target: DatabaseTarget) {
  // Its cases wait for ffmpeg to make renditions (statusBecomes waits up to 60 s): on a loaded
  // 2-core machine the project's 30 s per case was too little (two timeouts in a full run).
  vi.setConfig({ testTimeout: 120_000 });
  const clip = sampleVideo("landscape-3s", { seconds: 3, width: 640, height: 360, noise: true });
  let started: TestPlatform | undefined;
  let reviewDeps: ReviewDeps | undefined;
  beforeAll(async () => {
    started = await startSeeded(target, { UPLOAD_PART_BYTES: "65536" });
    reviewDeps = { db: started.server.database.db, now: () => new Date() };
  });
  afterAll(() => started?.close());
  const platform = (): TestPlatform => {
    if (started === undefined) throw new Error("the posting platform has not started");
    return started;
  };
  return {
    clip,
    platform,
    deps: (): ReviewDeps => {
      if (reviewDeps === undefined) throw new Error("the posting platform has not started");
      return reviewDeps;
    },
    newcomer: async () => {
      const { phone, password } = await registerPhone(platform());
      return signIn(platform(), { mobile: phone, password });
    },
  };
}
