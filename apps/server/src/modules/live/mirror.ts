/**
 * A broadcast's folder copied to the shared store as the packager writes it (issue 39), so every
 * web process serves the broadcast. Every 250 ms: new segments and init segments are uploaded
 * (ffmpeg renames each into place whole: `temp_file`), then the playlists and the cover that
 * changed — a playlist never names a segment the store does not have yet; segments that left the
 * window locally are removed from the store too. At the end, a last pass; the objects go with the
 * local folder, KEEP_ENDED_MS later (station.ts).
 */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { AppContext } from "../../context";
import { MEDIA_BUCKET } from "../../media/library";
import { liveObjectPrefix } from "./files";
import { RENDITION, SEGMENT } from "./playlists";

const EVERY_MS = 250;

function contentTypeOf(file: string): string {
  if (file.endsWith(".m3u8")) return "application/vnd.apple.mpegurl";
  if (file.endsWith(".jpg")) return "image/jpeg";
  return "video/mp4";
}

export class LiveMirror {
  /** What the store has, by file (`r0/s3.m4s`), with the modification time it was copied at. */
  private readonly copied = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private pass: Promise<void> | null = null;
  private failing = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly roomId: number,
    private readonly session: string,
    private readonly dir: string,
  ) {
    this.timer = setInterval(() => {
      void this.sync();
    }, EVERY_MS);
    this.timer.unref();
  }

  /** One pass (one at a time). */
  sync(): Promise<void> {
    this.pass ??= this.copy().finally(() => {
      this.pass = null;
    });
    return this.pass;
  }

  /** Stop, after a last pass (the playlists' ENDLIST reaches the store). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pass;
    await this.sync();
  }

  /** Remove the broadcast's objects (with its local folder, after the ended broadcast's grace). */
  async remove(): Promise<void> {
    await this.ctx.storage.removePrefix(MEDIA_BUCKET, liveObjectPrefix(this.roomId, this.session));
  }

  private async files(): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    const add = async (file: string) => {
      const info = await stat(join(this.dir, file)).catch(() => null);
      if (info?.isFile()) found.set(file, info.mtimeMs);
    };
    await add("cover.jpg");
    await add("still.jpg");
    const folders = await readdir(this.dir).catch(() => [] as string[]);
    for (const folder of folders.filter((name) => RENDITION.test(name))) {
      const names = await readdir(join(this.dir, folder)).catch(() => [] as string[]);
      for (const name of names)
        if (SEGMENT.test(name) || name === "index.m3u8") await add(`${folder}/${name}`);
    }
    return found;
  }

  private async copy(): Promise<void> {
    const prefix = liveObjectPrefix(this.roomId, this.session);
    try {
      const found = await this.files();
      const changed = [...found].filter(([file, at]) => this.copied.get(file) !== at);
      // Segments (and pictures) first, then the playlists that name them.
      const order = (file: string) => (file.endsWith(".m3u8") ? 1 : 0);
      for (const group of [0, 1]) {
        await Promise.all(
          changed
            .filter(([file]) => order(file) === group)
            .map(async ([file, at]) => {
              await this.ctx.storage.upload(
                MEDIA_BUCKET,
                `${prefix}${file}`,
                join(this.dir, file),
                contentTypeOf(file),
              );
              this.copied.set(file, at);
            }),
        );
      }
      const gone = [...this.copied.keys()].filter((file) => !found.has(file));
      if (gone.length > 0) {
        await this.ctx.storage.remove(
          MEDIA_BUCKET,
          gone.map((file) => `${prefix}${file}`),
        );
        for (const file of gone) this.copied.delete(file);
      }
      this.failing = false;
    } catch (error) {
      // Tried again at the next pass; said once per run of failures.
      if (!this.failing)
        this.ctx.log.warn(
          { area: "live", roomId: this.roomId, error: String(error) },
          "copying a broadcast to the store failed",
        );
      this.failing = true;
    }
  }
}
