import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import { sendSource } from "../../http/files";
import { ServerMessage, refusal } from "../../http/messages";
import { route } from "../../http/route";
import { uploadArrived, uploadGivenUp } from "../substance/processing";
import {
  abortUpload,
  completeUpload,
  partDone,
  publicPicture,
  resumeUpload,
  signUrl,
  signedUpload,
  storePart,
  storeUpload,
  useAsAvatar,
  useAsBackground,
} from "./files";

/** The calls of uploads: contract name → handler (logic in files.ts). */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "upload.signUrl", "user", (input) => signUrl(ctx, input));
  route(app, ctx, "upload.resume", "user", (input) => resumeUpload(ctx, input));
  route(app, ctx, "upload.partDone", "user", (input) => partDone(ctx, input));
  route(app, ctx, "upload.complete", "user", async ({ body, caller }) => {
    const row = await completeUpload(ctx, body.key, caller.userId);
    await uploadArrived(ctx, row);
    return { key: row.key, size: row.size ?? row.declaredSize };
  });
  route(app, ctx, "upload.abort", "user", async ({ body, caller }) => {
    await uploadGivenUp(ctx, await abortUpload(ctx, body.key, caller.userId));
    return null;
  });
  route(app, ctx, "user.modifyBgImg", "user", (input) => useAsBackground(ctx, input));
  route(app, ctx, "user.modifyAvatar", "user", (input) => useAsAvatar(ctx, input));

  // The PUTs of the local store: the signed URL is the permission (no token travels). A whole
  // upload streams to disk and may not exceed what was declared; a second PUT to it is refused. A
  // part must be exactly its size; sent again, it replaces the first (a retry after a drop).
  app.register((scope, _options, done) => {
    scope.addContentTypeParser("*", (_request, payload, next) => {
      next(null, payload);
    });
    scope.put("/api/media/upload/:id", async (request, reply) => {
      const refuse = (status: BusinessCode, key: ServerMessage) =>
        reply.status(status).send(refusal(request, status, key));
      if (ctx.storage.kind !== "local") return refuse(BusinessCode.notFound, ServerMessage.notFound);
      const { expires, sig } = request.query as { expires?: string; sig?: string };
      const row = await signedUpload(ctx, (request.params as { id: string }).id, null, expires, sig);
      if (row === null) return refuse(BusinessCode.forbidden, ServerMessage.forbidden);
      if (row === "done") return refuse(BusinessCode.conflict, ServerMessage.uploadDone);
      if ((request.headers["content-type"] ?? "").toLowerCase() !== row.contentType) {
        return refuse(BusinessCode.unsupportedType, ServerMessage.uploadType);
      }
      const stored = await storeUpload(ctx, row, request.body as Readable);
      if (stored === "tooLarge") return refuse(BusinessCode.tooLarge, ServerMessage.uploadTooLarge);
      if (stored === "broken") return refuse(BusinessCode.invalid, ServerMessage.invalidRequest);
      await uploadArrived(ctx, { ...row, size: stored.size, completedAt: ctx.now() });
      return { code: BusinessCode.ok, msg: "success", data: { key: row.key, size: stored.size } };
    });
    scope.put("/api/media/upload/:id/parts/:part", async (request, reply) => {
      const refuse = (status: BusinessCode, key: ServerMessage) =>
        reply.status(status).send(refusal(request, status, key));
      if (ctx.storage.kind !== "local") return refuse(BusinessCode.notFound, ServerMessage.notFound);
      const { id, part } = request.params as { id: string; part: string };
      const { expires, sig } = request.query as { expires?: string; sig?: string };
      const row = await signedUpload(ctx, id, part, expires, sig);
      if (row === null) return refuse(BusinessCode.forbidden, ServerMessage.forbidden);
      if (row === "done") return refuse(BusinessCode.conflict, ServerMessage.uploadDone);
      const stored = await storePart(ctx, row, Number(part), request.body as Readable);
      if (stored === "wrongSize") return refuse(BusinessCode.invalid, ServerMessage.uploadPartSize);
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
