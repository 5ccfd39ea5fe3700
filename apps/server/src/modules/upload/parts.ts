/**
 * A video sent in parts (decision 0018): what arrived and signed URLs for the rest (resuming after
 * a dropped connection or a reload), and each part the store took, recorded with its ETag.
 */
import type { ResponseOf } from "@platform/api-client";
import { BusinessCode } from "@platform/domain";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { uploadParts, uploads } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import type { UploadRow } from "./cleanup";
import { arrivedParts, assertOpen, claimSentAs, ownUpload, partCountOf, sizeOfPart } from "./files";

/** A signed part URL is good for this long (or until the upload expires, if sooner). */
const PART_URL_LIFETIME_MS = 60 * 60_000;

/** What arrived of an upload in parts, and signed URLs for the parts asked for (resuming). */
export async function resumeUpload(
  ctx: AppContext,
  { body, caller }: SignedInInput<"upload.resume">,
): Promise<ResponseOf<"upload.resume">> {
  const row = await ownUpload(ctx, body.key, caller.userId);
  if (row.multipartId === null || row.partSize === null)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadNotResumable);
  if (row.cancelledAt) throw new BusinessError(BusinessCode.conflict, ServerMessage.uploadCancelled);
  const partCount = partCountOf(row);
  const arrived = await arrivedParts(ctx.db, row.id);
  const completed = row.completedAt !== null;
  const have = new Set(arrived.map((p) => p.partNumber));
  const wanted = completed
    ? []
    : [...new Set(body.partNumbers)].filter((n) => n <= partCount && !have.has(n));
  if (wanted.length > 0) {
    assertOpen(ctx, row);
    await claimSentAs(ctx.db, row, "parts");
  }
  const expiresAt = Math.min(row.expiresAt.getTime(), ctx.now().getTime() + PART_URL_LIFETIME_MS);
  const urls = await Promise.all(
    wanted.map(async (partNumber) => ({
      partNumber,
      url: await ctx.storage.signPart({
        uploadId: row.id,
        bucket: row.bucket,
        key: row.key,
        multipartId: row.multipartId ?? "",
        partNumber,
        size: sizeOfPart(row, partNumber),
        expiresAt,
      }),
    })),
  );
  return {
    key: row.key,
    size: row.declaredSize,
    partSize: row.partSize,
    partCount,
    expiresAt: row.expiresAt.getTime(),
    arrived,
    urls,
    completed,
  };
}

/**
 * Record a part the store took (its ETag, as the store answered the part's PUT), and what has
 * arrived of the upload: it counts toward the day whatever becomes of the upload.
 */
export async function recordPart(db: Db, row: UploadRow, partNumber: number, etag: string): Promise<void> {
  await db
    .insert(uploadParts)
    .values({ uploadId: row.id, partNumber, size: sizeOfPart(row, partNumber), etag })
    .onConflictDoUpdate({ target: [uploadParts.uploadId, uploadParts.partNumber], set: { etag } });
  await db
    .update(uploads)
    .set({
      arrivedBytes: sql`GREATEST(${uploads.arrivedBytes}, (SELECT COALESCE(sum(${uploadParts.size}), 0)
        FROM ${uploadParts} WHERE ${uploadParts.uploadId} = ${row.id}))`,
    })
    .where(eq(uploads.id, row.id));
}

async function arrivedBytes(db: Db, uploadId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${uploadParts.size}), 0)`.mapWith(Number) })
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, uploadId));
  return row?.bytes ?? 0;
}

/** A part number within the upload's parts (the refusal says how many it has). */
function assertPartNumber(row: UploadRow, partNumber: number): void {
  const count = partCountOf(row);
  if (partNumber > count)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadPartNumber, { count });
}

/**
 * A part reached the store (the browser says so, with the ETag the store answered). The local
 * store records its parts itself as they arrive; the bucket cannot tell this server, so the client
 * does, and the store checks every ETag again when the parts are joined.
 */
export async function partDone(
  ctx: AppContext,
  { body, caller }: SignedInInput<"upload.partDone">,
): Promise<ResponseOf<"upload.partDone">> {
  const row = await ownUpload(ctx, body.key, caller.userId);
  assertOpen(ctx, row);
  assertPartNumber(row, body.partNumber);
  if (ctx.storage.kind === "local") {
    const [part] = await ctx.db
      .select({ etag: uploadParts.etag })
      .from(uploadParts)
      .where(and(eq(uploadParts.uploadId, row.id), eq(uploadParts.partNumber, body.partNumber)));
    if (part?.etag !== body.etag)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadNotArrived);
  } else {
    await claimSentAs(ctx.db, row, "parts");
    await recordPart(ctx.db, row, body.partNumber, body.etag);
  }
  return { arrivedBytes: await arrivedBytes(ctx.db, row.id) };
}
