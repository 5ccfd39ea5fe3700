/**
 * Nothing of an upload outlives it (Step 18): an upload given up (by its owner, its expiry, or a
 * refusal) has its parts and any file it left removed from the store, and is marked `removed_at`
 * only once the store said so. A durable job (`upload.sweep`, every 10 minutes on one process at a
 * time) finishes what a failed removal left, gives up uploads unfinished UPLOAD_ABANDON_HOURS after
 * they were signed, and removes finished video uploads that no video uses after as long.
 */
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { uploadParts, uploads, videos } from "../../db/schema";
import { Again } from "../../jobs/runner";
import { stagingKeyOf } from "./pictures";

export type UploadRow = typeof uploads.$inferSelect;

export const UPLOAD_SWEEP_JOB = "upload.sweep";
export const UPLOAD_SWEEP_EVERY_MS = 10 * 60_000;
/** Once, after migration 0018: the parts the uploads finished before it may have left behind. */
export const UPLOAD_LEGACY_PARTS_JOB = "upload.legacyParts";
/** A picture's staging object in the bucket, removed when its signed PUT can no longer be used. */
export const UPLOAD_UNSTAGE_JOB = "upload.unstage";

const BATCH = 100;

/** The objects an unfinished upload may have left: its file, and a picture's staging copy. */
function objectsOf(row: UploadRow): string[] {
  return row.kind === "PICTURE" ? [row.key, stagingKeyOf(row.key)] : [row.key];
}

/** Give up the store's multipart upload of a row sent in parts, and the parts it holds. */
export async function abortPartsOf(ctx: AppContext, row: UploadRow): Promise<void> {
  if (row.multipartId === null) return;
  await ctx.storage.abortParts({
    uploadId: row.id,
    bucket: row.bucket,
    key: row.key,
    multipartId: row.multipartId,
  });
}

/**
 * Remove what an unfinished upload left in the store — its parts (and the store's multipart
 * upload), a whole file, a picture waiting to be checked — then mark it removed. Idempotent.
 */
async function clearUnfinished(ctx: AppContext, row: UploadRow): Promise<void> {
  await abortPartsOf(ctx, row);
  await ctx.storage.remove(row.bucket, objectsOf(row));
  await ctx.db.delete(uploadParts).where(eq(uploadParts.uploadId, row.id));
  await ctx.db
    .update(uploads)
    .set({ removedAt: ctx.now() })
    .where(and(eq(uploads.id, row.id), isNull(uploads.completedAt), isNull(uploads.removedAt)));
}

/**
 * Give an unfinished upload up (its owner's cancel, its expiry, the clean-up) and remove what
 * arrived of it. One finished meanwhile is left as it is. Answers whether it is given up.
 */
export async function cancelUpload(ctx: AppContext, row: UploadRow): Promise<boolean> {
  await ctx.db
    .update(uploads)
    .set({ cancelledAt: ctx.now() })
    .where(and(eq(uploads.id, row.id), isNull(uploads.completedAt), isNull(uploads.cancelledAt)));
  const [now] = await ctx.db.select().from(uploads).where(eq(uploads.id, row.id));
  if (now?.completedAt !== null) return false;
  await clearUnfinished(ctx, now);
  return true;
}

/**
 * One run of the clean-up: uploads given up whose bytes are still in the store, uploads unfinished
 * past UPLOAD_ABANDON_HOURS (given up; `givenUp` fails the video waiting for one), and finished
 * video uploads no video uses past as long. Each upload on its own: one the store refuses now is
 * tried again by the next run. Answers how many it removed.
 */
export async function sweepUploads(
  ctx: AppContext,
  givenUp: (row: UploadRow) => Promise<void>,
): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.uploadAbandonMs);
  let removed = 0;
  const stale = await ctx.db
    .select()
    .from(uploads)
    .where(
      and(
        isNull(uploads.completedAt),
        isNull(uploads.removedAt),
        or(isNotNull(uploads.cancelledAt), lt(uploads.createdAt, cutoff)),
      ),
    )
    .orderBy(asc(uploads.createdAt))
    .limit(BATCH);
  for (const row of stale) {
    try {
      if (await cancelUpload(ctx, row)) {
        removed++;
        if (row.cancelledAt === null) await givenUp(row);
      }
    } catch (error) {
      ctx.log.warn(
        { err: error, upload: row.id },
        "uploads: clearing an upload failed; the next run tries again",
      );
    }
  }
  const unused = await ctx.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        isNotNull(uploads.completedAt),
        isNull(uploads.removedAt),
        eq(uploads.kind, "VIDEO"),
        lt(uploads.createdAt, cutoff),
        sql`NOT EXISTS (SELECT 1 FROM ${videos} WHERE ${videos.uploadId} = ${uploads.id})`,
      ),
    )
    .orderBy(asc(uploads.createdAt))
    .limit(BATCH);
  for (const { id } of unused) {
    try {
      if (await removeUnused(ctx, id)) removed++;
    } catch (error) {
      ctx.log.warn(
        { err: error, upload: id },
        "uploads: removing an unused file failed; the next run tries again",
      );
    }
  }
  if (removed > 0) ctx.log.info({ removed }, "uploads: abandoned uploads removed");
  return removed;
}

/**
 * Remove a finished video upload no video uses: marked removed first, under the row's lock and
 * after a fresh look at the videos (a post that takes the upload locks the same row), then its
 * file. Answers whether it was still unused.
 */
async function removeUnused(ctx: AppContext, id: number): Promise<boolean> {
  const row = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(uploads).where(eq(uploads.id, id)).for("update");
    if (locked?.removedAt !== null) return null;
    const [used] = await tx.select({ id: videos.id }).from(videos).where(eq(videos.uploadId, id)).limit(1);
    if (used) return null;
    await tx.update(uploads).set({ removedAt: ctx.now() }).where(eq(uploads.id, id));
    return locked;
  });
  if (!row) return false;
  await ctx.storage.remove(row.bucket, [row.key]);
  return true;
}

/** A removed upload's file is gone (a deleted video's, by its purge). */
export async function markRemoved(ctx: AppContext, uploadId: number): Promise<void> {
  await ctx.db
    .update(uploads)
    .set({ removedAt: ctx.now() })
    .where(and(eq(uploads.id, uploadId), isNull(uploads.removedAt)));
}

/**
 * The one-off job of migration 0018: uploads in parts finished before it — some sent whole after
 * their parts, which stayed — have their parts dropped and how they were sent recorded. In
 * batches, until none is left.
 */
export async function clearLegacyParts(ctx: AppContext): Promise<Again | number> {
  const rows = await ctx.db
    .select()
    .from(uploads)
    .where(and(isNotNull(uploads.completedAt), isNotNull(uploads.multipartId), isNull(uploads.sentAs)))
    .orderBy(asc(uploads.id))
    .limit(BATCH);
  for (const row of rows) {
    await abortPartsOf(ctx, row);
    await ctx.db
      .update(uploads)
      .set({ sentAs: row.size === row.declaredSize ? "parts" : "whole" })
      .where(eq(uploads.id, row.id));
  }
  return rows.length === BATCH ? new Again(ctx.now()) : rows.length;
}

/** A picture's staging object, once its signed PUT has expired (the bucket may have taken it again). */
export async function unstage(ctx: AppContext, payload: unknown): Promise<void> {
  const uploadId = Number((payload as { uploadId?: unknown }).uploadId);
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (row?.kind === "PICTURE") await ctx.storage.remove(row.bucket, [stagingKeyOf(row.key)]);
}
