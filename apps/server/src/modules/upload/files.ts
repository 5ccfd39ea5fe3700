/**
 * Uploads (spec §7 uploadSignUrl + PUT): the kinds and sizes accepted, quotas, signed URLs, files
 * on disk.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Transform } from "node:stream";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, count, eq, gt, isNotNull, isNull, min, or, sql } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { LockKind, lockUntilCommit } from "../../db/locks";
import { uploads, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../security/budget";
import { hmac, sameText } from "../../security/hashing";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

/** What may be uploaded, by kind: types and the bucket it lands in (sizes are settings). */
export const uploadRules = {
  PICTURE: { bucket: "PUBLIC", types: /^image\/(png|jpeg|webp|gif|avif)$/ },
  VIDEO: { bucket: "VIDEO", types: /^video\/(mp4|quicktime|webm|x-matroska)$/ },
} as const;

/** The largest file of a kind (UPLOAD_PICTURE_MAX_BYTES, UPLOAD_VIDEO_MAX_BYTES). */
export function maxBytesOf(ctx: AppContext, kind: keyof typeof uploadRules): number {
  return kind === "PICTURE" ? ctx.config.uploadPictureMaxBytes : ctx.config.uploadVideoMaxBytes;
}

/**
 * Check a user's upload quota for a new signed URL, under a lock of the user (so racing signs
 * cannot all pass): at most UPLOAD_MAX_PENDING signed uploads not finished and not expired, and at
 * most UPLOAD_DAILY_BYTES in 24 hours, counting finished files by their size and unfinished live
 * ones by what they declared.
 */
async function assertQuota(ctx: AppContext, tx: Db, userId: number, declared: number): Promise<void> {
  await lockUntilCommit(tx, LockKind.uploadQuota, String(userId));
  const now = ctx.now().getTime();
  const liveSince = new Date(now - UPLOAD_URL_LIFETIME_MS);
  const [pending] = await tx
    .select({ n: count(), oldest: min(uploads.createdAt) })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), isNull(uploads.completedAt), gt(uploads.createdAt, liveSince)));
  if ((pending?.n ?? 0) >= ctx.config.uploadMaxPending) {
    const frees = (pending?.oldest?.getTime() ?? now) + UPLOAD_URL_LIFETIME_MS;
    throw new BusinessError(BusinessCode.tooMany, ServerMessage.uploadTooManyPending, {
      count: pending?.n ?? 0,
      minutes: Math.max(1, Math.ceil((frees - now) / MINUTE_MS)),
    });
  }
  const counted = or(isNotNull(uploads.completedAt), gt(uploads.createdAt, liveSince));
  const [day] = await tx
    .select({
      bytes: sql<number>`coalesce(sum(coalesce(${uploads.size}, ${uploads.declaredSize})), 0)`.mapWith(
        Number,
      ),
      oldest: min(uploads.createdAt),
    })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, new Date(now - DAY_MS)), counted));
  if ((day?.bytes ?? 0) + declared > ctx.config.uploadDailyBytes) {
    const frees = (day?.oldest?.getTime() ?? now) + DAY_MS;
    throw new BusinessError(BusinessCode.tooMany, ServerMessage.uploadDailyQuota, {
      megabytes: Math.floor(ctx.config.uploadDailyBytes / 1024 / 1024),
      hours: Math.max(1, Math.ceil((frees - now) / HOUR_MS)),
    });
  }
}

/** A signed upload URL is good for this long. */
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

export function uploadsDir(ctx: AppContext): string {
  return join(ctx.config.dataDir, "uploads");
}

/** Where a completed upload is served. */
export function fileUrlOf(bucket: string, key: string): string {
  return `/api/media/files/${bucket}/${key}`;
}

function signatureOf(ctx: AppContext, id: number, expires: number): string {
  return hmac(ctx.secrets.signingKey, `upload:${String(id)}:${String(expires)}`);
}

/** Counts bytes through the stream and stops it past a limit. */
function sizeCap(maxBytes: number, onSize: (n: number) => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      onSize(seen);
      if (seen > maxBytes) callback(new Error("too large"));
      else callback(null, chunk);
    },
  });
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
  const declared = body.fileSize ?? maxBytes;
  if (declared > maxBytes) {
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadTooLarge, {
      megabytes: Math.floor(maxBytes / 1024 / 1024),
    });
  }
  const key = `${body.uploadFileType.toLowerCase()}/${String(caller.userId)}/${randomUUID()}${extensions[contentType] ?? ""}`;
  const [row] = await ctx.db.transaction(async (tx) => {
    await assertQuota(ctx, tx, caller.userId, declared);
    return tx
      .insert(uploads)
      .values({
        key,
        bucket: rule.bucket,
        userId: caller.userId,
        kind: body.uploadFileType,
        contentType,
        declaredSize: declared,
      })
      .returning({ id: uploads.id });
  });
  if (!row) throw new Error("upload row not written");
  const expires = ctx.now().getTime() + UPLOAD_URL_LIFETIME_MS;
  return {
    uploadUrl: `/api/media/upload/${String(row.id)}?expires=${String(expires)}&sig=${signatureOf(ctx, row.id, expires)}`,
    key,
    bucketEnum: rule.bucket,
  };
}

export async function useAsBackground(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.modifyBgImg">,
): Promise<ResponseOf<"user.modifyBgImg">> {
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, body.bgImgFilename), eq(uploads.bucket, body.bgImgBucket)));
  if (!row) throw new BusinessError(BusinessCode.notFound, ServerMessage.uploadMissing);
  if (row.userId !== caller.userId) throw new BusinessError(BusinessCode.forbidden, ServerMessage.notYours);
  if (row.kind !== "PICTURE" || !row.completedAt)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadMissing);
  await ctx.db
    .update(users)
    .set({ bgImgKey: row.key, bgImgBucket: row.bucket })
    .where(eq(users.id, caller.userId));
  return { bgImgFileUrl: fileUrlOf(row.bucket, row.key) };
}

/**
 * The unfinished upload a signed URL names: null when the signature does not hold, the URL has
 * expired, or the id is not a number; `done` when it was already uploaded (or never was).
 */
export async function signedUpload(
  ctx: AppContext,
  idText: string,
  expires: string | undefined,
  sig: string | undefined,
): Promise<typeof uploads.$inferSelect | "done" | null> {
  const id = Number(idText);
  const expiresAt = Number(expires);
  if (
    !Number.isSafeInteger(id) ||
    !sig ||
    !Number.isFinite(expiresAt) ||
    !sameText(sig, signatureOf(ctx, id, expiresAt)) ||
    expiresAt < ctx.now().getTime()
  ) {
    return null;
  }
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), isNull(uploads.completedAt)));
  return row ?? "done";
}

/**
 * Stream a PUT's body to the upload's file (through a part file, renamed when whole) and mark the
 * upload finished; a body past the declared size, or broken off, leaves nothing behind.
 */
export async function storeUpload(
  ctx: AppContext,
  row: typeof uploads.$inferSelect,
  body: Readable,
): Promise<{ readonly size: number } | "tooLarge" | "broken"> {
  const target = join(uploadsDir(ctx), row.bucket, row.key);
  const partial = `${target}.${randomUUID()}.part`;
  mkdirSync(dirname(target), { recursive: true });
  let size = 0;
  try {
    await pipeline(
      body,
      sizeCap(row.declaredSize, (n) => (size = n)),
      createWriteStream(partial),
    );
  } catch {
    await rm(partial, { force: true });
    return size > row.declaredSize ? "tooLarge" : "broken";
  }
  await rename(partial, target);
  await ctx.db.update(uploads).set({ size, completedAt: ctx.now() }).where(eq(uploads.id, row.id));
  return { size };
}

/** A finished public picture by bucket and key (null: none), with where it is on disk. */
export async function publicPicture(
  ctx: AppContext,
  bucket: string,
  key: string,
): Promise<{ readonly path: string; readonly size: number; readonly contentType: string } | null> {
  // Keys are ours (kind/user/uuid.ext): anything else is not a file, and never reaches a query.
  if (!/^[A-Z]{1,16}$/.test(bucket) || !/^[a-z]+\/\d{1,16}\/[0-9a-f-]{36}(\.[a-z0-9]{1,5})?$/.test(key)) {
    return null;
  }
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key), isNotNull(uploads.completedAt)));
  if (row?.bucket !== uploadRules.PICTURE.bucket) return null;
  const path = join(uploadsDir(ctx), row.bucket, row.key);
  const info = await stat(path);
  return { path, size: info.size, contentType: row.contentType };
}
