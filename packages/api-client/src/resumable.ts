import type { ApiClient } from "./client";
import { ApiError } from "./errors";
import { putTo, resolveAgainst } from "./upload";
import type { UploadFile, UploadProgress, UploadedFile } from "./upload-types";

/**
 * Where an upload in parts is: asking for its URLs, sending, paused by its owner, waiting for the
 * network to come back, joining the parts, done, failed (the server refused), or cancelled.
 */
export type ResumableState =
  "idle" | "signing" | "uploading" | "paused" | "offline" | "completing" | "done" | "failed" | "cancelled";

export interface ResumableOptions {
  /** The key of an earlier upload of this same file (after a reload): it goes on from there. */
  readonly key?: string | null;
  readonly onProgress?: (progress: UploadProgress) => void;
  /** Every change of state; `failed` comes with the server's refusal. */
  readonly onState?: (state: ResumableState, error?: ApiError) => void;
  /** The key as soon as the upload has one (keep it to resume after a reload). */
  readonly onKey?: (key: string) => void;
  /** Waits between tries while the network is gone (ms); the last one repeats. */
  readonly retryDelaysMs?: readonly number[];
}

/** Parts whose URLs are asked for at once. */
const PARTS_PER_SIGN = 20;
const DEFAULT_RETRIES = [1000, 2000, 4000, 8000, 15_000, 30_000];

/**
 * One video uploaded in parts (decision 0018), straight to the store's signed URLs (this server's
 * disk, or the bucket): it survives a dropped connection (it waits, then asks the server what
 * arrived and goes on from the last part stored) and a reload (a new one with the same `key` and
 * the same file goes on likewise). Pause stops the part in flight; cancel gives the upload up.
 */
export class ResumableUpload {
  private stateNow: ResumableState = "idle";
  private keyNow: string | null;
  private bucketEnum = "VIDEO";
  private controller: AbortController | null = null;
  private running: Promise<void> | null = null;
  private settle!: { resolve: (file: UploadedFile) => void; reject: (error: ApiError) => void };
  /** Resolves when the upload is whole on the server; rejects when it failed or was cancelled. */
  readonly done: Promise<UploadedFile>;

  constructor(
    private readonly client: ApiClient,
    private readonly file: UploadFile,
    private readonly options: ResumableOptions = {},
  ) {
    this.keyNow = options.key ?? null;
    this.done = new Promise<UploadedFile>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Nobody need listen to `done` (the states say it all).
    this.done.catch(() => undefined);
  }

  get state(): ResumableState {
    return this.stateNow;
  }

  get key(): string | null {
    return this.keyNow;
  }

  /** Start, or go on after a pause or a failure of the network. */
  start(): Promise<UploadedFile> {
    if (this.stateNow === "done" || this.stateNow === "cancelled" || this.running) return this.done;
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.done;
  }

  /** Stop sending (the part in flight is dropped; what arrived stays): `start` goes on. */
  pause(): void {
    if (this.stateNow === "done" || this.stateNow === "cancelled" || this.stateNow === "failed") return;
    this.controller?.abort();
    this.set("paused");
  }

  /** Give the upload up: the server drops what arrived. */
  async cancel(): Promise<void> {
    if (this.stateNow === "done" || this.stateNow === "cancelled") return;
    this.controller?.abort();
    this.set("cancelled");
    if (this.keyNow !== null) {
      await this.client.call("upload.abort", { key: this.keyNow }, { quiet: true }).catch(() => undefined);
    }
    this.settle.reject(new ApiError({ kind: "cancelled", endpoint: "upload.put" }));
  }

  private set(state: ResumableState, error?: ApiError): void {
    this.stateNow = state;
    this.options.onState?.(state, error);
  }

  private stopped(): boolean {
    return this.stateNow === "paused" || this.stateNow === "cancelled";
  }

  private async run(): Promise<void> {
    const retries = this.options.retryDelaysMs ?? DEFAULT_RETRIES;
    let failures = 0;
    while (!this.stopped()) {
      try {
        const finished = await this.attempt();
        if (finished) {
          this.set("done");
          this.settle.resolve({ key: finished, bucketEnum: this.bucketEnum });
        }
        return;
      } catch (caught) {
        if (this.stopped()) return;
        const error =
          caught instanceof ApiError
            ? caught
            : new ApiError({ kind: "network", endpoint: "upload.put", cause: caught });
        // No answer (or a failing server): wait and ask again what arrived. A refusal is final.
        const transient =
          error.kind === "network" ||
          error.kind === "timeout" ||
          (error.kind === "http" && (error.status ?? 500) >= 500) ||
          (error.kind === "cancelled" && !this.stopped());
        if (!transient) {
          this.set("failed", error);
          this.settle.reject(error);
          return;
        }
        this.set("offline", error);
        await this.wait(retries[Math.min(failures, retries.length - 1)] ?? 30_000);
        failures += 1;
      }
    }
  }

  /** Wait before trying again: cut short when the browser says the network is back, or by a pause. */
  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const target = globalThis as {
        addEventListener?: EventTarget["addEventListener"];
        removeEventListener?: EventTarget["removeEventListener"];
      };
      const done = () => {
        clearTimeout(timer);
        target.removeEventListener?.("online", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      target.addEventListener?.("online", done);
    });
  }

  /** One pass: sign if needed, send every part not stored yet, join them. Answers the key when whole. */
  private async attempt(): Promise<string | null> {
    const quiet = { quiet: true } as const;
    if (this.keyNow === null) {
      this.set("signing");
      const sign = await this.client.call(
        "upload.signUrl",
        {
          busType: "FILE",
          channelEnum: "APP",
          fileName: this.file.name,
          filePath: "",
          uploadFileType: "VIDEO",
          contentType: this.file.type,
          fileSize: this.file.size,
        },
        quiet,
      );
      this.keyNow = sign.key;
      this.bucketEnum = sign.bucketEnum;
      this.options.onKey?.(sign.key);
    }
    const key = this.keyNow;
    let status = await this.client.call("upload.resume", { key, partNumbers: [] }, quiet);
    if (status.size !== this.file.size) {
      throw new ApiError({
        kind: "business",
        endpoint: "upload.resume",
        code: 400,
        msgKey: "server.uploadMissing",
      });
    }
    let arrived = status.arrived.reduce((sum, p) => sum + p.size, 0);
    this.progress(arrived);
    if (status.completed) return key;
    this.set("uploading");
    const have = new Set(status.arrived.map((p) => p.partNumber));
    const missing: number[] = [];
    for (let n = 1; n <= status.partCount; n++) if (!have.has(n)) missing.push(n);
    // Told to the server while the next part goes (each call takes its floor of 300 ms).
    const reports: Promise<Error | null>[] = [];
    const report = (partNumber: number, etag: string) =>
      this.client.call("upload.partDone", { key, partNumber, etag }, quiet).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    for (let i = 0; i < missing.length; i += PARTS_PER_SIGN) {
      status = await this.client.call(
        "upload.resume",
        { key, partNumbers: missing.slice(i, i + PARTS_PER_SIGN) },
        quiet,
      );
      for (const { partNumber, url } of status.urls) {
        if (this.stopped()) return null;
        const start = (partNumber - 1) * status.partSize;
        const blob = this.file.blob.slice(start, Math.min(start + status.partSize, this.file.size));
        this.controller = new AbortController();
        const before = arrived;
        const etag = await putTo(resolveAgainst(url, this.client.baseUrl), {
          blob,
          type: null,
          signal: this.controller.signal,
          onProgress: (p) => {
            this.progress(before + p.loaded);
          },
        });
        if (!etag) throw new ApiError({ kind: "http", endpoint: "upload.put", status: 502 });
        arrived += blob.size;
        this.progress(arrived);
        reports.push(report(partNumber, etag));
      }
    }
    const refused = (await Promise.all(reports)).find((error) => error !== null);
    if (refused) throw refused;
    if (this.stopped()) return null;
    this.set("completing");
    await this.client.call("upload.complete", { key }, quiet);
    return key;
  }

  private progress(loaded: number): void {
    const total = this.file.size;
    this.options.onProgress?.({ loaded, total, fraction: total > 0 ? Math.min(1, loaded / total) : 1 });
  }
}
