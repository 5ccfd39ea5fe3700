/**
 * The demo room's encoder (Step 16, decision 0022): ffmpeg looping a pre-encoded clip into the
 * RTMP ingest at its own pace with `-c copy` (no encoding: almost no CPU), started again if it
 * stops. On only where LIVE_DEMO says (start.sh), never in tests or benchmarks.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";

export class DemoFeed {
  private child: ChildProcess | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly clip: string,
    /** Asked at every start: the room's key may have changed since. */
    private readonly url: () => Promise<string>,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    void this.url().then(
      (url) => {
        this.spawn(url);
      },
      (error: unknown) => {
        this.log(`the demo room's address could not be made: ${String(error)}; again in 5 s`);
        this.again();
      },
    );
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
    const child = spawn(
      "ffmpeg",
      [
        ["-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-stream_loop", "-1", "-i", this.clip],
        ["-c", "copy", "-f", "flv", url],
      ].flat(),
      { stdio: ["ignore", "ignore", "pipe"] },
    );
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
    if (child === null) return;
    await new Promise<void>((resolve) => {
      child.once("close", () => {
        resolve();
      });
      child.kill("SIGTERM");
    });
  }
}
