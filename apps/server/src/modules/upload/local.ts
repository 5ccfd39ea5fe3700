/**
 * This server's own upload routes, for the local store (decision 0018): the signed URLs of a whole
 * PUT and of each part, what they name, the bytes they bring, and the public pictures served back.
 */
import type { Readable } from "node:stream";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import { uploads } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import type { MediaSource } from "../../media/library";
import { LocalStore } from "../../providers/storage/local-store";
import type { LocalUrlSigner } from "../../providers/storage/local-store";
import { hmac, sameText } from "../../security/hashing";
import type { UploadRow } from "./cleanup";
import { claimSentAs, finishWhole, partCountOf, putKeyOf, sizeOfPart, uploadRules } from "./files";
import { recordPart } from "./parts";

function putSignature(signingKey: string, id: number, expires: number): string {
  return hmac(signingKey, `upload:${String(id)}:${String(expires)}`);
}

function partSignature(signingKey: string, id: number, part: number, expires: number): string {
  return hmac(signingKey, `upload-part:${String(id)}:${String(part)}:${String(expires)}`);
}

/** The local store's URLs: this server's PUT routes, signed with the signing key. */
export function localUploadSigner(signingKey: string): LocalUrlSigner {
  return {
    put: (id, expires) =>
      `/api/media/upload/${String(id)}?expires=${String(expires)}&sig=${putSignature(signingKey, id, expires)}`,
    part: (id, part, expires) =>
      `/api/media/upload/${String(id)}/parts/${String(part)}?expires=${String(expires)}&sig=${partSignature(signingKey, id, part, expires)}`,
  };
}

/** Whether `sig` signs this whole PUT or part of an upload until `expires`, and it has not passed. */
function signatureHolds(
  ctx: AppContext,
  expected: (expires: number) => string,
  expires: unknown,
  sig: unknown,
): boolean {
  const expiresAt = Number(expires);
  return (
    typeof sig === "string" &&
    Number.isSafeInteger(expiresAt) &&
    sameText(sig, expected(expiresAt)) &&
    expiresAt >= ctx.now().getTime()
  );
}

/**
 * The unfinished upload a signed URL names (the local store's routes): null when the signature
 * does not hold, the URL has expired, or the id is not a number; `done` when it was already
 * uploaded, given up, or never was.
 */
export async function signedUpload(
  ctx: AppContext,
  idText: string,
  partText: string | null,
  expires: unknown,
  sig: unknown,
): Promise<UploadRow | "done" | null> {
  const id = Number(idText);
  const part = partText === null ? null : Number(partText);
  if (!/^\d{1,16}$/.test(idText) || !Number.isSafeInteger(id)) return null;
  if (part !== null && (!/^\d{1,5}$/.test(partText ?? "") || part < 1)) return null;
  const key = ctx.secrets.signingKey;
  const holds = signatureHolds(
    ctx,
    (at) => (part === null ? putSignature(key, id, at) : partSignature(key, id, part, at)),
    expires,
    sig,
  );
  if (!holds) return null;
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), isNull(uploads.completedAt), isNull(uploads.cancelledAt)));
  if (!row || row.expiresAt.getTime() < ctx.now().getTime()) return "done";
  if (part !== null && (row.partSize === null || part > partCountOf(row))) return null;
  return row;
}

function localStore(ctx: AppContext): LocalStore {
  if (!(ctx.storage instanceof LocalStore))
    throw new Error("this server's upload routes serve the local store only");
  return ctx.storage;
}

/**
 * Stream a whole PUT's body to the upload's file (written aside, renamed when whole) and finish
 * the upload (a picture checked and re-encoded); a body past the declared size, or broken off,
 * leaves nothing behind. The first PUT decides the upload is sent whole: one in parts is refused
 * (a BusinessError, as is a picture that is none).
 */
export async function storeUpload(
  ctx: AppContext,
  row: UploadRow,
  body: Readable,
): Promise<UploadRow | "tooLarge" | "broken"> {
  await claimSentAs(ctx.db, row, "whole");
  const written = await localStore(ctx).writeWhole(row.bucket, putKeyOf(row), body, row.declaredSize);
  if (typeof written === "string") return written;
  return finishWhole(ctx, { ...row, sentAs: "whole" }, written.size);
}

/**
 * Receive one part of an upload in parts (exactly its size) and record it with its ETag. The
 * first part decides the upload is sent in parts: one sent whole is refused (a BusinessError). A
 * part that lands as its upload is given up or finished is removed again.
 */
export async function storePart(
  ctx: AppContext,
  row: UploadRow,
  partNumber: number,
  body: Readable,
): Promise<{ readonly etag: string } | "wrongSize" | "broken"> {
  await claimSentAs(ctx.db, row, "parts");
  const store = localStore(ctx);
  const written = await store.writePart(row.id, partNumber, body, sizeOfPart(row, partNumber));
  if (typeof written === "string") return written;
  // Recorded under the upload's row lock, which giving it up takes too: either the part is
  // recorded before (and the clean-up removes it with the rest), or it is removed here.
  const refused = await ctx.db.transaction(async (tx) => {
    const [now] = await tx.select().from(uploads).where(eq(uploads.id, row.id)).for("update");
    if (!now || now.completedAt || now.cancelledAt)
      return now?.completedAt ? ServerMessage.uploadDone : ServerMessage.uploadCancelled;
    await recordPart(tx, row, partNumber, written.etag);
    return null;
  });
  if (refused !== null) {
    await store.abortParts({ uploadId: row.id, bucket: row.bucket, key: row.key, multipartId: "" });
    throw new BusinessError(BusinessCode.conflict, refused);
  }
  return { etag: written.etag };
}

/** A finished public picture by bucket and key (null: none), and where its bytes are. */
export async function publicPicture(
  ctx: AppContext,
  bucket: string,
  key: string,
): Promise<{ readonly source: MediaSource; readonly contentType: string } | null> {
  // Keys are ours (kind/user/uuid.ext): anything else is not a file, and never reaches a query.
  if (!/^[A-Z]{1,16}$/.test(bucket) || !/^[a-z]+\/\d{1,16}\/[0-9a-f-]{36}(\.[a-z0-9]{1,5})?$/.test(key)) {
    return null;
  }
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key), isNotNull(uploads.completedAt)));
  if (row?.bucket !== uploadRules.PICTURE.bucket) return null;
  const source: MediaSource =
    ctx.storage instanceof LocalStore
      ? { kind: "disk", path: ctx.storage.pathOf(row.bucket, row.key) }
      : { kind: "object", bucket: row.bucket, key: row.key };
  return { source, contentType: row.contentType };
}
