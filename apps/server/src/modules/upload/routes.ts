import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { BusinessCode, ServerMessageKey } from "@platform/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { BusinessError } from "../../http/errors";
import { sendSource } from "../../http/files";
import { ServerMessage, refusal } from "../../http/messages";
import type { MessageId } from "../../http/messages";
import { route } from "../../http/route";
import {
  UPLOAD_LEGACY_PARTS_JOB,
  UPLOAD_SWEEP_EVERY_MS,
  UPLOAD_SWEEP_JOB,
  UPLOAD_UNSTAGE_JOB,
  clearLegacyParts,
  sweepUploads,
  unstage,
} from "./cleanup";
import { abortUpload, completeUpload, maxBytesOf, signUrl, sizeOfPart } from "./files";
import { publicPicture, signedUpload, storePart, storeUpload } from "./local";
import { partDone, resumeUpload } from "./parts";
import { useAsAvatar, useAsBackground } from "./profile-pictures";
import { uploadUsage } from "./quota";

const MiB = 1024 * 1024;

/**
 * The local store's PUTs answer refusals with the business code as their HTTP status (there is no
 * envelope convention for a bare PUT), in the request's language, with the sentence's values.
 */
function refuseWith(request: FastifyRequest, reply: FastifyReply) {
  return (status: BusinessCode, key: MessageId, values: Readonly<Record<string, string | number>> = {}) =>
    reply.status(status).send(refusal(request, status, key, values));
}

/** A BusinessError of the upload's logic as the PUT's refusal; anything else is thrown on. */
function refusedBy(error: unknown, refuse: ReturnType<typeof refuseWith>) {
  if (!(error instanceof BusinessError)) throw error;
  return refuse(error.code, error.key, error.values);
}

/** The calls of uploads: contract name → handler (logic in files.ts). */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "upload.signUrl", "user", (input) => signUrl(ctx, input));
  route(app, ctx, "upload.resume", "user", (input) => resumeUpload(ctx, input));
  route(app, ctx, "upload.partDone", "user", (input) => partDone(ctx, input));
  route(app, ctx, "upload.complete", "user", async ({ body, caller }) => {
    const row = await completeUpload(ctx, body.key, caller.userId);
    await ctx.ports.uploadArrived(row);
    return { key: row.key, size: row.size ?? row.declaredSize };
  });
  route(app, ctx, "upload.abort", "user", async ({ body, caller }) => {
    await ctx.ports.uploadGivenUp(await abortUpload(ctx, body.key, caller.userId));
    return null;
  });
  route(app, ctx, "upload.usage", "user", (input) => uploadUsage(ctx, input));
  route(app, ctx, "user.modifyBgImg", "user", (input) => useAsBackground(ctx, input));
  route(app, ctx, "user.modifyAvatar", "user", (input) => useAsAvatar(ctx, input));

  // Nothing of an upload outlives it (cleanup.ts): the clean-up every 10 minutes, the one-off
  // clearing of parts left by uploads finished before migration 0018, and staging copies.
  ctx.jobs.every(UPLOAD_SWEEP_JOB, UPLOAD_SWEEP_EVERY_MS, () =>
    sweepUploads(ctx, (row) => ctx.ports.uploadGivenUp(row, ServerMessageKey.videoUploadAbandoned)),
  );
  ctx.jobs.register(UPLOAD_LEGACY_PARTS_JOB, () => clearLegacyParts(ctx));
  ctx.jobs.register(UPLOAD_UNSTAGE_JOB, (payload) => unstage(ctx, payload));

  // The PUTs of the local store: the signed URL is the permission (no token travels). A whole
  // upload streams to disk and may not exceed what was declared; a second PUT to it is refused. A
  // part must be exactly its size; sent again, it replaces the first (a retry after a drop).
  app.register((scope, _options, done) => {
    scope.addContentTypeParser("*", (_request, payload, next) => {
      next(null, payload);
    });
    scope.put("/api/media/upload/:id", async (request, reply) => {
      const refuse = refuseWith(request, reply);
      if (ctx.storage.kind !== "local") return refuse(BusinessCode.notFound, ServerMessage.notFound);
      const { expires, sig } = request.query as { expires?: string; sig?: string };
      const row = await signedUpload(ctx, (request.params as { id: string }).id, null, expires, sig);
      if (row === null) return refuse(BusinessCode.forbidden, ServerMessage.forbidden);
      if (row === "done") return refuse(BusinessCode.conflict, ServerMessage.uploadDone);
      if ((request.headers["content-type"] ?? "").toLowerCase() !== row.contentType) {
        return refuse(BusinessCode.unsupportedType, ServerMessage.uploadType);
      }
      let stored: Awaited<ReturnType<typeof storeUpload>>;
      try {
        stored = await storeUpload(ctx, row, request.body as Readable);
      } catch (error) {
        return refusedBy(error, refuse);
      }
      if (stored === "tooLarge") {
        // Signed without a size, the limit is the kind's (in MB); with one, that size.
        const max = maxBytesOf(ctx, row.kind === "VIDEO" ? "VIDEO" : "PICTURE");
        return row.declaredSize >= max
          ? refuse(BusinessCode.tooLarge, ServerMessage.uploadTooLarge, { megabytes: Math.floor(max / MiB) })
          : refuse(BusinessCode.tooLarge, ServerMessage.uploadLargerThanDeclared, {
              bytes: row.declaredSize,
            });
      }
      if (stored === "broken") return refuse(BusinessCode.invalid, ServerMessage.invalidRequest);
      await ctx.ports.uploadArrived(stored);
      const size = stored.size ?? 0;
      return { code: BusinessCode.ok, msg: "success", data: { key: row.key, size } };
    });
    scope.put("/api/media/upload/:id/parts/:part", async (request, reply) => {
      const refuse = refuseWith(request, reply);
      if (ctx.storage.kind !== "local") return refuse(BusinessCode.notFound, ServerMessage.notFound);
      const { id, part } = request.params as { id: string; part: string };
      const { expires, sig } = request.query as { expires?: string; sig?: string };
      const row = await signedUpload(ctx, id, part, expires, sig);
      if (row === null) return refuse(BusinessCode.forbidden, ServerMessage.forbidden);
      if (row === "done") return refuse(BusinessCode.conflict, ServerMessage.uploadDone);
      let stored: Awaited<ReturnType<typeof storePart>>;
      try {
        stored = await storePart(ctx, row, Number(part), request.body as Readable);
      } catch (error) {
        return refusedBy(error, refuse);
      }
      if (stored === "wrongSize")
        return refuse(BusinessCode.invalid, ServerMessage.uploadPartSize, {
          expected: sizeOfPart(row, Number(part)),
        });
      if (stored === "broken") return refuse(BusinessCode.invalid, ServerMessage.invalidRequest);
      return reply
        .header("etag", stored.etag)
        .header("access-control-expose-headers", "ETag")
        .send({ code: BusinessCode.ok, msg: "success", data: { etag: stored.etag } });
    });
    done();
  });

  // Public pictures (backgrounds, covers) by key: immutable, so cached for a year.
  app.get("/api/media/files/:bucket/*", async (request, reply) => {
    const { bucket } = request.params as { bucket: string };
    const key = (request.params as { "*": string })["*"];
    const picture = await publicPicture(ctx, bucket, key);
    if (!picture) {
      return reply
        .status(BusinessCode.notFound)
        .send(refusal(request, BusinessCode.notFound, ServerMessage.notFound));
    }
    return sendSource(request, reply, ctx.storage, picture.source, {
      contentType: picture.contentType,
      cacheControl: "public, max-age=31536000, immutable",
    });
  });
}
