import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import type { PlatformApi } from "@platform/api-client";
import { expect } from "vitest";
import { until } from "./harness";

/**
 * An RTMP encoder for the live tests: ffmpeg making a test picture and tone in real time (as OBS
 * would send a camera), key frames every second, into `url`.
 */
export class TestEncoder {
  private readonly child: ChildProcess;
  private readonly exit: Promise<number | null>;
  stderr = "";

  constructor(url: string, options: { width?: number; height?: number; seconds?: number } = {}) {
    const { width = 426, height = 240, seconds = 120 } = options;
    this.child = spawn(
      "ffmpeg",
      [
        ["-hide_banner", "-loglevel", "error", "-nostdin", "-re"],
        ["-f", "lavfi", "-i", `testsrc2=size=${String(width)}x${String(height)}:rate=25`],
        ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
        ["-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency"],
        ["-pix_fmt", "yuv420p", "-g", "25", "-keyint_min", "25", "-sc_threshold", "0", "-b:v", "300k"],
        ["-c:a", "aac", "-b:a", "64k", "-f", "flv", url],
      ].flat(),
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    this.child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-2000);
    });
    this.exit = new Promise((resolve) => {
      this.child.on("close", (code) => {
        resolve(code);
      });
    });
  }

  /** Resolves with ffmpeg's exit code when it stops by itself (a refused publish ends it). */
  exited(): Promise<number | null> {
    return this.exit;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
    await this.exit;
  }
}

export interface ChatEvent {
  readonly event: string;
  readonly data: unknown;
}

/** A chat stream read as a browser's EventSource would: the events as they arrive. */
export async function openChat(url: string): Promise<{
  readonly status: number;
  readonly events: ChatEvent[];
  /** Whether the server ended the stream (or it was closed here). */
  readonly ended: boolean;
  until(found: (events: readonly ChatEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const events: ChatEvent[] = [];
  const state = { ended: !response.ok };
  if (response.ok && response.body) {
    const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
    const decoder = new TextDecoder();
    let pending = "";
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          pending += decoder.decode(value, { stream: true });
          let at: number;
          while ((at = pending.indexOf("\n\n")) >= 0) {
            const frame = pending.slice(0, at);
            pending = pending.slice(at + 2);
            const event = /^event: (.*)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (event !== undefined && data !== undefined) events.push({ event, data: JSON.parse(data) });
          }
        }
      } catch {
        // aborted
      } finally {
        state.ended = true;
      }
    })();
  }
  return {
    status: response.status,
    events,
    get ended() {
      return state.ended;
    },
    async until(found, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (!found(events)) {
        if (Date.now() > end)
          throw new Error(`chat: not seen in ${String(timeoutMs)} ms: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close() {
      controller.abort();
    },
  };
}

/** Resolves with the promise's value, or "timeout" after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => {
      resolve("timeout");
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** An author's room live from a test encoder on its stream key (stop the encoder when done). */
export async function goLive(api: PlatformApi) {
  const mine = await api.game.liveMyRoom();
  const encoder = new TestEncoder(`${mine.rtmpUrl ?? ""}/${mine.streamKey}`);
  const room = await until(
    () => api.game.liveRoom({ roomId: mine.roomId }),
    (r) => r.isLive,
    20_000,
  );
  expect(room.isLive).toBe(true);
  return { mine, room, encoder };
}
