/**
 * Uploads (spec §7 uploadSignUrl + PUT): the kinds and sizes accepted, quotas, signed URLs, and
 * videos in parts that survive a dropped connection or a reload (decision 0018): S3's multipart
 * protocol against the configured store (this server's disk, or the bucket itself). Here: signing,
 * an upload's rows, and finishing it; the parts' own calls are in parts.ts, this server's upload
 * routes for its disk in local.ts, and the profile pictures in profile-pictures.ts.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { uploadParts, uploads } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { enqueue } from "../../jobs/runner";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";
import { UPLOAD_UNSTAGE_JOB, abortPartsOf, cancelUpload } from "./cleanup";
import type { UploadRow } from "./cleanup";
import { reencodePicture, stagingKeyOf } from "./pictures";
import { assertQuota } from "./quota";

export { cancelUpload };
export type { UploadRow };

/** What may be uploaded, by kind: types and the bucket it lands in (sizes are settings). */
export const uploadRules = {
  PICTURE: { bucket: "PUBLIC", types: /^image\/(png|jpeg|webp|gif|avif)$/ },
  VIDEO: { bucket: "VIDEO", types: /^video\/(mp4|quicktime|webm|x-matroska)$/ },
} as const;

/** The types of each kind, as a person's device names them (creationConfig). */
export const uploadTypes = {
  PICTURE: ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"],
  VIDEO: ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska"],
} as const;

/** The largest file of a kind (UPLOAD_PICTURE_MAX_BYTES, UPLOAD_VIDEO_MAX_BYTES). */
export function maxBytesOf(ctx: AppContext, kind: keyof typeof uploadRules): number {
  return kind === "PICTURE" ? ctx.config.uploadPictureMaxBytes : ctx.config.uploadVideoMaxBytes;
}

/** The job that gives up an upload in parts not finished in time (handled by posting/processing.ts). */
export const UPLOAD_EXPIRE_JOB = "upload.expire";

/** A signed URL for one whole PUT is good for this long. */
export const UPLOAD_URL_LIFETIME_MS = 15 * 60_000;

const extensions: Record<string, string> = {
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/webp": ".webp",
  "image/gif": ".gif",
  "image/avif": ".avif",
  "video/mp4": ".mp4",
  "video/quicktime": ".mov",
  "video/webm": ".webm",
  "video/x-matroska": ".mkv",
};

/** The part size of an upload of `size` bytes: the setting, at least the store's minimum, at most 10 000 parts. */
function partSizeFor(ctx: AppContext, size: number): number {
  return Math.max(ctx.config.storage.partBytes, ctx.storage.minPartBytes, Math.ceil(size / 10_000));
}

export function partCountOf(row: UploadRow): number {
  return row.partSize ? Math.max(1, Math.ceil(row.declaredSize / row.partSize)) : 1;
}

/** The size of one part: the part size, and what is left for the last. */
export function sizeOfPart(row: UploadRow, partNumber: number): number {
  const partSize = row.partSize ?? row.declaredSize;
  return Math.min(partSize, row.declaredSize - (partNumber - 1) * partSize);
}

/** Where a whole PUT's bytes land: a picture's in its staging object (checked, then stored at its key). */
export function putKeyOf(row: { readonly kind: string; readonly key: string }): string {
  return row.kind === "PICTURE" ? stagingKeyOf(row.key) : row.key;
}

export async function signUrl(
  ctx: AppContext,
  { body, caller }: SignedInInput<"upload.signUrl">,
): Promise<ResponseOf<"upload.signUrl">> {
  const rule = uploadRules[body.uploadFileType];
  const contentType = (body.contentType ?? "").toLowerCase();
  // SVG can carry script and would be shown to other people: not accepted (decision 0005).
  if (!rule.types.test(contentType)) throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadType);
  const maxBytes = maxBytesOf(ctx, body.uploadFileType);
  const video = body.uploadFileType === "VIDEO";
  // A video is uploaded in parts of a known size: its size must be said.
  if (video && body.fileSize === undefined)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.invalidField, { field: "fileSize" });
  const declared = body.fileSize ?? maxBytes;
  if (declared > maxBytes) {
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadTooLarge, {
      megabytes: Math.floor(maxBytes / 1024 / 1024),
    });
  }
  const key = `${body.uploadFileType.toLowerCase()}/${String(caller.userId)}/${randomUUID()}${extensions[contentType] ?? ""}`;
  const now = ctx.now().getTime();
  const expiresAt = now + (video ? ctx.config.storage.resumeMs : UPLOAD_URL_LIFETIME_MS);
  const partSize = video ? partSizeFor(ctx, declared) : null;
  // The store's multipart upload begins before the row is written (S3 answers its id); one that
  // the quota then refuses is dropped again.
  const multipartId = video ? await ctx.storage.startParts(rule.bucket, key, contentType) : null;
  let row: { id: number } | undefined;
  try {
    [row] = await ctx.db.transaction(async (tx) => {
      await assertQuota(ctx, tx, caller.userId, declared);
      const written = await tx
        .insert(uploads)
        .values({
          key,
          bucket: rule.bucket,
          userId: caller.userId,
          kind: body.uploadFileType,
          contentType,
          declaredSize: declared,
          storage: ctx.storage.kind,
          expiresAt: new Date(expiresAt),
          multipartId,
          partSize,
        })
        .returning({ id: uploads.id });
      // An upload in parts not finished in time is given up (its parts dropped, its video failed).
      if (video && written[0])
        await enqueue(tx, {
          kind: UPLOAD_EXPIRE_JOB,
          key: `${UPLOAD_EXPIRE_JOB}:${String(written[0].id)}`,
          payload: { uploadId: written[0].id },
          runAt: new Date(expiresAt + 1000),
        });
      return written;
    });
  } catch (error) {
    if (multipartId !== null)
      await ctx.storage
        .abortParts({ uploadId: 0, bucket: rule.bucket, key, multipartId })
        .catch(() => undefined);
    throw error;
  }
  if (!row) throw new Error("upload row not written");
  const uploadUrl = await ctx.storage.signPut({
    uploadId: row.id,
    bucket: rule.bucket,
    key: putKeyOf({ kind: body.uploadFileType, key }),
    contentType,
    size: body.fileSize ?? null,
    expiresAt: Math.min(expiresAt, now + UPLOAD_URL_LIFETIME_MS),
  });
  return {
    uploadUrl,
    key,
    bucketEnum: rule.bucket,
    ...(partSize === null
      ? {}
      : { multipart: { partSize, partCount: Math.ceil(declared / partSize), expiresAt } }),
  };
}

/** The caller's own upload by key (a business refusal otherwise). */
export async function ownUpload(
  ctx: AppContext,
  key: string,
  userId: number,
  db: Db = ctx.db,
): Promise<UploadRow> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  if (!row) throw new BusinessError(BusinessCode.notFound, ServerMessage.uploadMissing);
  if (row.userId !== userId) throw new BusinessError(BusinessCode.forbidden, ServerMessage.notYours);
  return row;
}

/** An upload in parts that may still receive them. */
export function assertOpen(ctx: AppContext, row: UploadRow): void {
  if (row.multipartId === null || row.partSize === null)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadNotResumable);
  if (row.cancelledAt) throw new BusinessError(BusinessCode.conflict, ServerMessage.uploadCancelled);
  if (row.completedAt) throw new BusinessError(BusinessCode.conflict, ServerMessage.uploadDone);
  if (row.expiresAt.getTime() <= ctx.now().getTime())
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadExpired);
}

/**
 * How an upload is sent, decided by its first use and never changed (Step 18): in parts (a part's
 * URL signed, a part received or reported) or whole (a whole PUT begun, or a whole file found in
 * the bucket). The other kind is refused, so one sign cannot leave parts behind a whole file.
 */
export async function claimSentAs(db: Db, row: UploadRow, how: "parts" | "whole"): Promise<void> {
  if (row.sentAs === how) return;
  const [claimed] = await db
    .update(uploads)
    .set({ sentAs: how })
    .where(and(eq(uploads.id, row.id), or(isNull(uploads.sentAs), eq(uploads.sentAs, how))))
    .returning({ id: uploads.id });
  if (!claimed)
    throw new BusinessError(
      BusinessCode.invalid,
      how === "parts" ? ServerMessage.uploadSentWhole : ServerMessage.uploadSentInParts,
    );
}

export async function arrivedParts(db: Db, uploadId: number) {
  return db
    .select({ partNumber: uploadParts.partNumber, size: uploadParts.size, etag: uploadParts.etag })
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, uploadId))
    .orderBy(asc(uploadParts.partNumber));
}

/** The bytes of an object, at most `limit` of them (null: larger, or not there). */
async function readAtMost(
  ctx: AppContext,
  bucket: string,
  key: string,
  limit: number,
): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await ctx.storage.read(bucket, key)) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > limit) return null;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * A picture sent whole (its staging object) made into the stored one: re-encoded from its bytes
 * (pictures.ts) and written at its key; answers its size. Bytes that are not a picture give the
 * upload up (nothing stays in the store; what arrived counts for the day) and are refused.
 */
async function acceptPicture(ctx: AppContext, row: UploadRow, arrived: number): Promise<number> {
  const staging = stagingKeyOf(row.key);
  const sent = await readAtMost(ctx, row.bucket, staging, row.declaredSize);
  const picture =
    sent === null ? null : await reencodePicture(sent, row.contentType, ctx.config.uploadPictureMaxSide);
  if (picture === null) {
    await ctx.storage.remove(row.bucket, [staging]);
    await ctx.db
      .update(uploads)
      .set({ arrivedBytes: sql`GREATEST(${uploads.arrivedBytes}, ${arrived})` })
      .where(eq(uploads.id, row.id));
    await cancelUpload(ctx, row);
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadNotPicture);
  }
  await ctx.storage.write(row.bucket, row.key, picture, row.contentType);
  await ctx.storage.remove(row.bucket, [staging]);
  // The bucket's signed PUT may be used again until it expires: its staging object goes then.
  if (ctx.storage.kind !== "local" && row.expiresAt.getTime() > ctx.now().getTime())
    await enqueue(ctx.db, {
      kind: UPLOAD_UNSTAGE_JOB,
      key: `${UPLOAD_UNSTAGE_JOB}:${String(row.id)}`,
      payload: { uploadId: row.id },
      runAt: new Date(row.expiresAt.getTime() + 1000),
    });
  return picture.length;
}

/**
 * Finish an upload sent whole, `arrived` bytes of it in the store: a picture is checked and
 * re-encoded first; the store's multipart upload of a video (never used) is dropped. An upload
 * given up meanwhile stays given up, and what arrived is removed again.
 */
export async function finishWhole(ctx: AppContext, row: UploadRow, arrived: number): Promise<UploadRow> {
  const size = row.kind === "PICTURE" ? await acceptPicture(ctx, row, arrived) : arrived;
  const [done] = await ctx.db
    .update(uploads)
    .set({
      size,
      arrivedBytes: sql`GREATEST(${uploads.arrivedBytes}, ${arrived})`,
      completedAt: ctx.now(),
      sentAs: "whole",
    })
    .where(and(eq(uploads.id, row.id), isNull(uploads.completedAt), isNull(uploads.cancelledAt)))
    .returning();
  if (!done) {
    const [now] = await ctx.db.select().from(uploads).where(eq(uploads.id, row.id));
    if (now?.completedAt) return now;
    await cancelUpload(ctx, row);
    throw new BusinessError(BusinessCode.conflict, ServerMessage.uploadCancelled);
  }
  await abortPartsOf(ctx, row);
  return done;
}

/**
 * Join an upload's parts into its file (every part must have arrived), or, for one sent whole to
 * the bucket, check that it is there (a picture is then checked and re-encoded). Answers the
 * finished upload; one finished already is answered as it is.
 */
export async function completeUpload(ctx: AppContext, key: string, userId: number): Promise<UploadRow> {
  const row = await ownUpload(ctx, key, userId);
  if (row.completedAt) return row;
  if (row.cancelledAt) throw new BusinessError(BusinessCode.conflict, ServerMessage.uploadCancelled);
  const parts = row.multipartId === null ? [] : await arrivedParts(ctx.db, row.id);
  const inParts = row.sentAs === "parts" || (row.sentAs === null && parts.length > 0);
  if (row.multipartId !== null && row.partSize !== null && inParts) {
    assertOpen(ctx, row);
    await claimSentAs(ctx.db, row, "parts");
    const missing = partCountOf(row) - parts.length;
    if (missing > 0)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadIncomplete, { missing });
    try {
      await ctx.storage.finishParts(
        { uploadId: row.id, bucket: row.bucket, key: row.key, multipartId: row.multipartId },
        parts,
      );
    } catch (error) {
      // A part whose ETag the store does not know (a client that said so wrongly): sent again.
      ctx.log.warn({ err: error, upload: row.id }, "uploads: joining the parts failed");
      await ctx.db.delete(uploadParts).where(eq(uploadParts.uploadId, row.id));
      throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadNotArrived);
    }
    const stored = await ctx.storage.head(row.bucket, row.key);
    if (stored?.size !== row.declaredSize)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadNotArrived);
    const [done] = await ctx.db
      .update(uploads)
      .set({
        size: stored.size,
        arrivedBytes: sql`GREATEST(${uploads.arrivedBytes}, ${stored.size})`,
        completedAt: ctx.now(),
      })
      .where(and(eq(uploads.id, row.id), isNull(uploads.completedAt)))
      .returning();
    return done ?? { ...row, size: stored.size, completedAt: ctx.now() };
  }
  // Sent whole, to the bucket (this server's own PUT finishes its uploads as they arrive).
  const stored = await ctx.storage.head(row.bucket, putKeyOf(row));
  if (!stored || stored.size === 0 || stored.size > row.declaredSize)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadNotArrived);
  await claimSentAs(ctx.db, row, "whole");
  return finishWhole(ctx, row, stored.size);
}

/** Give up an unfinished upload: its parts are dropped; its URLs stop working. */
export async function abortUpload(ctx: AppContext, key: string, userId: number): Promise<UploadRow> {
  const row = await ownUpload(ctx, key, userId);
  if (row.completedAt) throw new BusinessError(BusinessCode.conflict, ServerMessage.uploadDone);
  if (row.cancelledAt) return row;
  // Given up at once; should the store fail to drop what arrived now, the clean-up job does.
  await cancelUpload(ctx, row).catch((error: unknown) => {
    ctx.log.warn(
      { err: error, upload: row.id },
      "uploads: clearing a cancelled upload failed; the clean-up will",
    );
  });
  return row;
}

/**
 * A finished upload of the caller's, of a kind, by key: sent whole to the bucket, it is checked
 * there first (the bucket tells nobody when a PUT ends). Refusals name what is wrong.
 */
export async function finishedUpload(
  ctx: AppContext,
  key: string,
  userId: number,
  kind: keyof typeof uploadRules,
  bucket?: string,
): Promise<UploadRow> {
  const row = await ownUpload(ctx, key, userId);
  if (row.kind !== kind || (bucket !== undefined && row.bucket !== bucket))
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadType);
  if (row.removedAt) throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadExpired);
  if (row.completedAt) return row;
  if (row.cancelledAt) throw new BusinessError(BusinessCode.conflict, ServerMessage.uploadCancelled);
  if (row.multipartId !== null) throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadMissing);
  return completeUpload(ctx, key, userId).catch((error: unknown) => {
    if (error instanceof BusinessError && error.key === ServerMessage.uploadNotPicture) throw error;
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadMissing);
  });
}
