import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { route } from "../../http/route";
import { creatorEarnings } from "./earnings";
import { PURGE_JOB, creationConfig, deleteMyVideo, purgeVideo, saveMyVideo } from "./posting";
import { TRANSCODE_JOB, UPLOAD_EXPIRE_JOB, expireUpload, transcodeJob } from "./processing";

/**
 * The calls of posting one's own videos, and the pipeline's jobs: contract name → handler (logic
 * in posting.ts; processing.ts transcodes, review.ts keeps the review queue; decision 0018).
 */
export function postingRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "substance.saveMyVideo", "user", (input) => saveMyVideo(ctx, input));
  route(app, ctx, "substance.deleteMyVideo", "user", (input) => deleteMyVideo(ctx, input));
  route(app, ctx, "substance.creationConfig", "user", () => creationConfig(ctx));
  route(app, ctx, "substance.creatorEarnings", "user", ({ body, caller }) =>
    creatorEarnings(ctx, caller.userId, body.days),
  );

  ctx.jobs.register(TRANSCODE_JOB, (payload, job) => transcodeJob(ctx, payload, job), "transcode");
  ctx.jobs.register(UPLOAD_EXPIRE_JOB, (payload) => expireUpload(ctx, payload));
  ctx.jobs.register(PURGE_JOB, (payload) => purgeVideo(ctx, payload));
}
