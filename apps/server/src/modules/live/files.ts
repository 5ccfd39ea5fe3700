/**
 * Where a live broadcast's files are (issue 39): the ingest's packager writes them to its data
 * folder, and — when the store is shared (STORAGE=s3) — the ingest's mirror (mirror.ts) copies them
 * to it as they appear, so every web process serves a broadcast, not only the ingest. A reader takes
 * the local file when this process has it (it is the ingest), else the store's copy.
 */
import { readFile, readdir, rm, stat } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import type { AppContext } from "../../context";
import { liveRooms } from "../../db/schema";
import { MEDIA_BUCKET } from "../../media/library";
import type { MediaSource } from "../../media/library";
import { LocalStore } from "../../providers/storage/local-store";

export function liveFolder(ctx: AppContext): string {
  return join(ctx.config.dataDir, "live");
}

/** A broadcast's folder (the session names are the station's own: letters and digits only). */
export function broadcastDir(ctx: AppContext, roomId: number, session: string): string {
  return join(liveFolder(ctx), String(roomId), session);
}

/** Whether broadcasts are copied to a store every process reads (STORAGE=s3). */
export function liveFilesShared(ctx: AppContext): boolean {
  return !(ctx.storage instanceof LocalStore);
}

/** A broadcast's objects in the store: `live/<room>/<session>/` of the media bucket. */
export function liveObjectPrefix(roomId: number, session: string): string {
  return `live/${String(roomId)}/${session}/`;
}

/** One of a broadcast's files (`r0/s12.m4s`, `cover.jpg`…): this process's disk, else the store; null: neither can have it. */
export async function liveSource(
  ctx: AppContext,
  roomId: number,
  session: string,
  file: string,
): Promise<MediaSource | null> {
  const path = join(broadcastDir(ctx, roomId, session), file);
  const here = await stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
  if (here) return { kind: "disk", path };
  if (!liveFilesShared(ctx)) return null;
  return { kind: "object", bucket: MEDIA_BUCKET, key: `${liveObjectPrefix(roomId, session)}${file}` };
}

/** One of a broadcast's files as bytes, wherever it is; null when it is nowhere (yet, or any more). */
export async function readLiveFile(
  ctx: AppContext,
  roomId: number,
  session: string,
  file: string,
): Promise<Buffer | null> {
  const source = await liveSource(ctx, roomId, session, file);
  if (source === null) return null;
  if (source.kind === "disk") return readFile(source.path).catch(() => null);
  return ctx.storage.read(source.bucket, source.key).then(
    (stream) => buffer(stream),
    () => null,
  );
}

/**
 * Remove broadcast folders of the data folder that no LIVE room plays: this process's from before
 * a restart. A broadcast another ingest on the same data folder is making stays.
 */
export async function removeOldBroadcasts(ctx: AppContext): Promise<void> {
  const playing = new Set(
    (
      await ctx.db
        .select({ id: liveRooms.id, session: liveRooms.session })
        .from(liveRooms)
        .where(eq(liveRooms.status, "LIVE"))
    ).map((room) => `${String(room.id)}/${room.session ?? ""}`),
  );
  const folder = liveFolder(ctx);
  for (const room of await readdir(folder).catch(() => [] as string[]))
    for (const session of await readdir(join(folder, room)).catch(() => [] as string[]))
      if (!playing.has(`${room}/${session}`))
        await rm(join(folder, room, session), { recursive: true, force: true });
}
