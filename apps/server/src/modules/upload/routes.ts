import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import { ServerMessage, refusal } from "../../http/messages";
import { route } from "../../http/route";
import { publicPicture, signUrl, signedUpload, storeUpload, useAsBackground } from "./files";

/** The calls of uploads: contract name → handler (logic in files.ts). */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "upload.signUrl", "user", (input) => signUrl(ctx, input));
  route(app, ctx, "user.modifyBgImg", "user", (input) => useAsBackground(ctx, input));

  // The PUT itself: the signed URL is the permission (no token travels), the body streams to disk
  // and may not exceed what was declared; a second PUT to the same URL is refused.
  app.register((scope, _options, done) => {
    scope.addContentTypeParser("*", (_request, payload, next) => {
      next(null, payload);
    });
    scope.put("/api/media/upload/:id", async (request, reply) => {
      const refuse = (status: BusinessCode, key: ServerMessage) =>
        reply.status(status).send(refusal(request, status, key));
      const { expires, sig } = request.query as { expires?: string; sig?: string };
      const row = await signedUpload(ctx, (request.params as { id: string }).id, expires, sig);
      if (row === null) return refuse(BusinessCode.forbidden, ServerMessage.forbidden);
      if (row === "done") return refuse(BusinessCode.conflict, ServerMessage.uploadDone);
      if ((request.headers["content-type"] ?? "").toLowerCase() !== row.contentType) {
        return refuse(BusinessCode.unsupportedType, ServerMessage.uploadType);
      }
      const stored = await storeUpload(ctx, row, request.body as Readable);
      if (stored === "tooLarge") return refuse(BusinessCode.tooLarge, ServerMessage.uploadTooLarge);
      if (stored === "broken") return refuse(BusinessCode.invalid, ServerMessage.invalidRequest);
      return { code: BusinessCode.ok, msg: "success", data: { key: row.key, size: stored.size } };
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
    return reply
      .header("content-type", picture.contentType)
      .header("content-length", picture.size)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(createReadStream(picture.path));
  });
}
