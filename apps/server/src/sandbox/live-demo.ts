/**
 * The demo room's encoder (Step 16, decision 0022): ffmpeg looping a pre-encoded clip into the
 * RTMP ingest at its own pace with `-c copy` (no encoding: almost no CPU), started again if it
 * stops. On only where LIVE_DEMO says (start.sh), never in tests or benchmarks.
 *
 * The stream key never stands on ffmpeg's command line, which every user of the machine can read
 * in the process list (Step 18, decision 0025): it is written to a preset file of mode 0600
 * (`rtmp_playpath=<key>`, read with `-fpre`), and the URL names only the server and the app.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { chmodSync, renameSync, rmSync, writeFileSync } from "node:fs";

export interface DemoTarget {
  /** The ingest without the stream name: `rtmp://host:port/live`. */
  readonly url: string;
  readonly key: string;
}

/** The arguments of the demo's ffmpeg: the key only by the preset file's name. */
export function demoFeedArgs(clip: string, url: string, keyFile: string): string[] {
  return [
    ["-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-stream_loop", "-1", "-i", clip],
    ["-c", "copy", "-f", "flv", "-fpre", keyFile, url],
  ].flat();
}

/** Write the key where only this user can read it (a new file each time, renamed over the old). */
export function writeKeyFile(keyFile: string, key: string): void {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error("a stream key holds letters, digits, - and _ only");
  const partial = `${keyFile}.${String(process.pid)}.part`;
  writeFileSync(partial, `rtmp_playpath=${key}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, keyFile);
}

export class DemoFeed {
  private child: ChildProcess | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly clip: string,
    /** Asked at every start: the room's key may have changed since. */
    private readonly target: () => Promise<DemoTarget>,
    /** Where the key is written for ffmpeg (mode 0600). */
    private readonly keyFile: string,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    void this.target()
      .then(({ url, key }) => {
        writeKeyFile(this.keyFile, key);
        this.spawn(url);
      })
      .catch((error: unknown) => {
        this.log(`the demo room's address could not be made: ${String(error)}; again in 5 s`);
        this.again();
      });
  }

  private again(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.start();
    }, 5000);
    this.timer.unref();
  }

  private spawn(url: string): void {
    if (this.stopped) return;
    const child = spawn("ffmpeg", demoFeedArgs(this.clip, url, this.keyFile), {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-1000);
    });
    child.on("error", (error) => {
      stderr = error.message;
    });
    child.on("close", (code) => {
      this.child = null;
      if (this.stopped) return;
      const last = stderr.trim().split("\n").pop() ?? "";
      this.log(`the demo room's encoder stopped (${String(code)}): ${last}; again in 5 s`);
      this.again();
    });
    this.child = child;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const child = this.child;
    if (child !== null)
      await new Promise<void>((resolve) => {
        child.once("close", () => {
          resolve();
        });
        child.kill("SIGTERM");
      });
    rmSync(this.keyFile, { force: true });
  }
}
