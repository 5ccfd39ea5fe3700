/**
 * A live stream into HLS (Step 16, decision 0022): one ffmpeg per broadcast reads the stream as FLV
 * on stdin and writes fMP4 HLS renditions with a short sliding window — the source's picture
 * copied as it comes (no re-encoding), and each height of the ladder below it made with x264
 * (veryfast, zerolatency, a key frame every segment) — plus a cover picture every few seconds.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export interface LiveRenditionPlan {
  /** The folder of its playlist and segments (`r0`, `r1`…). */
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** Copied from the source (true) or encoded at this height. */
  readonly copy: boolean;
}

export interface PackagerOptions {
  /** The broadcast's folder: `<name>/index.m3u8`, its segments, `cover.jpg`. */
  readonly dir: string;
  readonly sourceWidth: number;
  readonly sourceHeight: number;
  readonly hasAudio: boolean;
  readonly ladder: readonly number[];
  readonly segmentSeconds: number;
  readonly windowSegments: number;
  /** A cover picture every so many seconds (LIVE_COVER_EVERY_SECONDS). */
  readonly coverEverySeconds: number;
  readonly onExit: (code: number | null, lastError: string) => void;
}

/** The renditions of a source: itself, then each ladder height below it (unknown height: all). */
export function renditionPlan(
  sourceWidth: number,
  sourceHeight: number,
  ladder: readonly number[],
): LiveRenditionPlan[] {
  const below = ladder.filter((h) => sourceHeight === 0 || h < sourceHeight - 16);
  const widthAt = (height: number) =>
    sourceHeight > 0 && sourceWidth > 0 ? Math.round((sourceWidth * height) / sourceHeight / 2) * 2 : 0;
  return [
    { name: "r0", width: sourceWidth, height: sourceHeight, copy: true },
    ...below.map((height, i) => ({ name: `r${String(i + 1)}`, width: widthAt(height), height, copy: false })),
  ];
}

/** The ffmpeg arguments of a broadcast (exported for the tests and the decision record). */
export function packagerArgs(plan: readonly LiveRenditionPlan[], options: PackagerOptions): string[] {
  const { dir, hasAudio, segmentSeconds, windowSegments, coverEverySeconds } = options;
  const args = ["-hide_banner", "-loglevel", "error", "-f", "flv", "-i", "pipe:0"];
  for (const _ of plan) {
    args.push("-map", "0:v:0");
    if (hasAudio) args.push("-map", "0:a:0");
  }
  args.push("-c:a", "copy");
  plan.forEach((rendition, i) => {
    const v = `v:${String(i)}`;
    if (rendition.copy) {
      args.push(`-c:${v}`, "copy");
      return;
    }
    const kbps = Math.max(200, Math.round((rendition.height * rendition.height) / 120));
    args.push(
      `-c:${v}`,
      "libx264",
      `-preset:${v}`,
      "veryfast",
      `-tune:${v}`,
      "zerolatency",
      `-pix_fmt:${v}`,
      "yuv420p",
      `-filter:${v}`,
      `scale=-2:${String(rendition.height)}`,
      `-b:${v}`,
      `${String(kbps)}k`,
      `-maxrate:${v}`,
      `${String(Math.round(kbps * 1.25))}k`,
      `-bufsize:${v}`,
      `${String(kbps * 2)}k`,
      `-force_key_frames:${v}`,
      `expr:gte(t,n_forced*${String(segmentSeconds)})`,
      `-sc_threshold:${v}`,
      "0",
    );
  });
  const streamMap = plan
    .map((r, i) => `v:${String(i)}${hasAudio ? `,a:${String(i)}` : ""},name:${r.name}`)
    .join(" ");
  args.push(
    "-f",
    "hls",
    "-hls_time",
    String(segmentSeconds),
    "-hls_list_size",
    String(windowSegments),
    // Segments that left the window are deleted (a few kept for viewers still fetching them).
    "-hls_delete_threshold",
    "3",
    "-hls_flags",
    "delete_segments+independent_segments+program_date_time+temp_file",
    "-hls_segment_type",
    "fmp4",
    "-hls_fmp4_init_filename",
    "init.mp4",
    "-var_stream_map",
    streamMap,
    "-hls_segment_filename",
    join(dir, "%v", "s%d.m4s"),
    join(dir, "%v", "index.m3u8"),
    // The room's cover: a picture of the stream every 5 s (the setting), replaced whole (written aside, then
    // renamed: a reader never gets half a picture, and the station copies the first as the still).
    "-map",
    "0:v:0",
    "-filter:v",
    `fps=1/${String(coverEverySeconds)},scale=-2:270`,
    "-update",
    "1",
    "-atomic_writing",
    "1",
    "-q:v",
    "6",
    join(dir, "cover.jpg"),
  );
  return args;
}

/** A running packager: write the FLV stream in; stop ends the playlists (ENDLIST) and exits. */
export class LivePackager {
  private readonly child: ChildProcess;
  private stopped = false;
  private lastError = "";
  readonly plan: readonly LiveRenditionPlan[];
  private readonly exited: Promise<void>;

  constructor(options: PackagerOptions) {
    this.plan = renditionPlan(options.sourceWidth, options.sourceHeight, options.ladder);
    for (const r of this.plan) mkdirSync(join(options.dir, r.name), { recursive: true });
    this.child = spawn("ffmpeg", packagerArgs(this.plan, options), { stdio: ["pipe", "ignore", "pipe"] });
    this.child.stderr?.on("data", (chunk: Buffer) => {
      this.lastError = (this.lastError + chunk.toString()).slice(-2000);
    });
    // A packager that died takes no more writes (EPIPE is expected then, not a crash).
    this.child.stdin?.on("error", () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.on("error", (error) => {
        this.lastError = error.message;
      });
      this.child.on("close", (code) => {
        this.stopped = true;
        options.onExit(code, this.lastError.trim());
        resolve();
      });
    });
  }

  /** Bytes of FLV; dropped when ffmpeg is gone or more than 32 MiB wait to be read (it fell behind). */
  write(chunk: Buffer): void {
    const stdin = this.child.stdin;
    if (this.stopped || stdin === null || stdin.destroyed) return;
    if (stdin.writableLength > 32 * 1024 * 1024) {
      this.lastError = "the packager fell behind the stream";
      this.child.kill("SIGKILL");
      return;
    }
    stdin.write(chunk);
  }

  /** End the input (ffmpeg finishes the playlists) and wait; killed if it takes over 5 s. */
  async stop(): Promise<void> {
    if (!this.stopped) {
      this.child.stdin?.end();
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
      await this.exited;
      clearTimeout(timer);
    }
    await this.exited;
  }
}
