import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Transform } from "node:stream";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, count, eq, gt, isNotNull, isNull, min, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { LockKind, lockUntilCommit } from "../../db/locks";
import { uploads, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage, refusal } from "../../http/messages";
import { route } from "../../http/route";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../security/budget";
import { hmac, sameText } from "../../security/secrets";

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

export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "upload.signUrl", "user", async ({ body, caller }) => {
    const rule = uploadRules[body.uploadFileType];
    const contentType = (body.contentType ?? "").toLowerCase();
    // SVG can carry script and would be shown to other people: not accepted (decision 0005).
    if (!rule.types.test(contentType))
      throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadType);
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
  });

  // The PUT itself: the signed URL is the permission (no token travels), the body streams to disk
  // and may not exceed what was declared; a second PUT to the same URL is refused.
  app.register((scope, _options, done) => {
    scope.addContentTypeParser("*", (_request, payload, next) => {
      next(null, payload);
    });
    scope.put("/api/media/upload/:id", async (request, reply) => {
      const refuse = (status: number, key: ServerMessage) =>
        reply.status(status).send(refusal(request, status, key));
      const id = Number((request.params as { id: string }).id);
      const { expires, sig } = request.query as { expires?: string; sig?: string };
      const expiresAt = Number(expires);
      if (
        !Number.isSafeInteger(id) ||
        !sig ||
        !Number.isFinite(expiresAt) ||
        !sameText(sig, signatureOf(ctx, id, expiresAt)) ||
        expiresAt < ctx.now().getTime()
      ) {
        return refuse(BusinessCode.forbidden, ServerMessage.forbidden);
      }
      const [row] = await ctx.db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), isNull(uploads.completedAt)));
      if (!row) return refuse(BusinessCode.conflict, ServerMessage.uploadDone);
      if ((request.headers["content-type"] ?? "").toLowerCase() !== row.contentType) {
        return refuse(415, ServerMessage.uploadType);
      }
      const target = join(uploadsDir(ctx), row.bucket, row.key);
      const partial = `${target}.${randomUUID()}.part`;
      mkdirSync(dirname(target), { recursive: true });
      let size = 0;
      try {
        await pipeline(
          request.body as Readable,
          sizeCap(row.declaredSize, (n) => (size = n)),
          createWriteStream(partial),
        );
      } catch {
        await rm(partial, { force: true });
        return size > row.declaredSize
          ? refuse(413, ServerMessage.uploadTooLarge)
          : refuse(BusinessCode.invalid, ServerMessage.invalidRequest);
      }
      await rename(partial, target);
      await ctx.db.update(uploads).set({ size, completedAt: ctx.now() }).where(eq(uploads.id, id));
      return { code: BusinessCode.ok, msg: "success", data: { key: row.key, size } };
    });
    done();
  });

  // Public pictures (backgrounds, covers) by key: immutable, so cached for a year.
  app.get("/api/media/files/:bucket/*", async (request, reply) => {
    const { bucket } = request.params as { bucket: string };
    const key = (request.params as { "*": string })["*"];
    // Keys are ours (kind/user/uuid.ext): anything else is not a file, and never reaches a query.
    if (!/^[A-Z]{1,16}$/.test(bucket) || !/^[a-z]+\/\d{1,16}\/[0-9a-f-]{36}(\.[a-z0-9]{1,5})?$/.test(key)) {
      return reply
        .status(BusinessCode.notFound)
        .send(refusal(request, BusinessCode.notFound, ServerMessage.notFound));
    }
    const [row] = await ctx.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key), isNotNull(uploads.completedAt)));
    if (row?.bucket !== uploadRules.PICTURE.bucket) {
      return reply
        .status(BusinessCode.notFound)
        .send(refusal(request, BusinessCode.notFound, ServerMessage.notFound));
    }
    const path = join(uploadsDir(ctx), row.bucket, row.key);
    const info = await stat(path);
    return reply
      .header("content-type", row.contentType)
      .header("content-length", info.size)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(createReadStream(path));
  });

  route(app, ctx, "user.modifyBgImg", "user", async ({ body, caller }) => {
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
  });
}
