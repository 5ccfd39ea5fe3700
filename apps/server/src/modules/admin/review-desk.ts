/**
 * The console's review (Step 22): the queue of the posting module's review (new videos and edits,
 * oldest first) with claims, so two reviewers do not take the same video, and the acts of
 * `modules/posting/review.ts` — the very ones the `review` command runs — recorded in the audit log.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { AdminParsed, AdminResponse, QueuedVideo } from "@platform/api-client/admin";
import { BusinessCode, VideoStatus } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { operators, reviewClaims, users, videoEdits, videos } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import {
  ReviewError,
  approveReview,
  rejectReview,
  restoreVideo,
  reviewQueue,
  takeDown,
  takeForReview,
} from "../posting/review";
import type { ReviewDeps } from "../posting/review";
import { forgetVideo } from "../substance/caches";
import { writeAudit } from "./audit";
import type { AuditActor } from "./audit";
import type { AdminInput } from "./route";
import { numbered, personOf } from "./records";

/** How long a claim holds without a decision: then anyone may take the video. */
export const CLAIM_MS = 30 * 60_000;

/** The deps of the posting module's acts, as this operator, in this request. */
export function reviewDeps(ctx: AppContext, who: AuditActor): ReviewDeps {
  return {
    db: ctx.db,
    now: () => ctx.now(),
    forget: (id) => {
      forgetVideo(ctx, id);
    },
    record: (tx, record) => writeAudit(tx, who, record, ctx.now()),
    mayAct: async (tx, videoId) => {
      if (who.operatorId === null) return;
      await refuseOthersClaim(tx, ctx.now(), videoId, who.operatorId);
    },
  };
}

/** Refuse when another reviewer's claim on the video still holds. */
async function refuseOthersClaim(tx: Db, now: Date, videoId: number, operatorId: number): Promise<void> {
  const [claim] = await tx
    .select({ operatorId: reviewClaims.operatorId, name: operators.name, expiresAt: reviewClaims.expiresAt })
    .from(reviewClaims)
    .innerJoin(operators, eq(operators.id, reviewClaims.operatorId))
    .where(and(eq(reviewClaims.videoId, videoId), gt(reviewClaims.expiresAt, now)))
    .for("update");
  if (claim && claim.operatorId !== operatorId)
    throw new BusinessError(BusinessCode.conflict, ServerMessage.reviewClaimedByOther, {
      name: claim.name,
      until: claim.expiresAt.toISOString(),
    });
}

/** A refusal of the posting module's acts, in the console's words. */
async function asConsole<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ReviewError) {
      const code = error.key === ServerMessage.notFound ? BusinessCode.notFound : BusinessCode.conflict;
      throw new BusinessError(code, error.key);
    }
    throw error;
  }
}

async function claimsOf(db: Db, now: Date, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; expiresAt: Date }>();
  const rows = await db
    .select({
      videoId: reviewClaims.videoId,
      id: operators.id,
      name: operators.name,
      expiresAt: reviewClaims.expiresAt,
    })
    .from(reviewClaims)
    .innerJoin(operators, eq(operators.id, reviewClaims.operatorId))
    .where(and(inArray(reviewClaims.videoId, [...ids]), gt(reviewClaims.expiresAt, now)));
  return new Map(rows.map((r) => [r.videoId, r]));
}

async function authorsOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; nickName: string; memberId: string }>();
  const rows = await db
    .select({ videoId: videos.id, id: users.id, nickName: users.nickName, memberId: users.memberId })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.authorId))
    .where(inArray(videos.id, [...ids]));
  return new Map(rows.map((r) => [r.videoId, r]));
}

/** The queue, a page of it, each with its author and any reviewer's claim. */
export async function queuePage(
  ctx: AppContext,
  body: AdminParsed<"review.queue">,
): Promise<AdminResponse<"review.queue">> {
  const all = await reviewQueue(ctx.db);
  const page = all.slice((body.page - 1) * body.size, body.page * body.size);
  return {
    items: await queuedRecords(ctx, page),
    total: all.length,
    page: body.page,
    size: body.size,
  };
}

async function queuedRecords(
  ctx: AppContext,
  rows: readonly Awaited<ReturnType<typeof reviewQueue>>[number][],
): Promise<QueuedVideo[]> {
  const ids = rows.map((r) => r.id);
  const [claims, authors] = await Promise.all([claimsOf(ctx.db, ctx.now(), ids), authorsOf(ctx.db, ids)]);
  return rows.map((r) => {
    const claim = claims.get(r.id);
    const author = authors.get(r.id);
    return {
      videoId: String(r.id),
      kind: r.kind,
      status: r.status,
      title: r.title,
      author: author ? personOf(author) : { id: "0", nickName: r.author, memberId: "" },
      waitingSince: r.waitingSince.toISOString(),
      claimedBy: claim ? { id: String(claim.id), name: claim.name } : null,
      claimExpiresAt: claim ? claim.expiresAt.toISOString() : null,
    };
  });
}

/** One video of the queue (or any video, for takedowns), with its renditions to play. */
export async function reviewDetail(
  ctx: AppContext,
  videoId: number,
): Promise<AdminResponse<"review.detail">> {
  const [video] = await ctx.db
    .select()
    .from(videos)
    .where(and(eq(videos.id, videoId), isNull(videos.deletedAt)));
  if (!video) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  const [edit] = await ctx.db
    .select()
    .from(videoEdits)
    .where(
      and(
        eq(videoEdits.videoId, videoId),
        inArray(videoEdits.status, [VideoStatus.awaitingReview, VideoStatus.inReview]),
      ),
    );
  const [queued] = await queuedRecords(ctx, [
    {
      id: video.id,
      kind: edit ? "edit" : "video",
      status: edit?.status ?? video.status,
      title: edit?.details.title ?? video.title,
      author: "",
      waitingSince: edit?.updatedAt ?? video.updatedAt,
    },
  ]);
  const details = edit?.details ?? video;
  await ctx.media.load(video.mediaKey);
  const renditions = ctx.media.resolutions(video.mediaKey, videoId).map((r) => r.resolution);
  if (!queued) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return {
    ...queued,
    introduction: details.introduction,
    tags: [...details.tags],
    watchLevel: details.watchLevel,
    amount: details.amount,
    freeTimeMs: details.freeTimeMs,
    lengthMs: video.lengthMs,
    coverUrl: details.coverUrl,
    renditions: renditions.map((name) => ({
      name,
      url: `/api/admin/media/${String(videoId)}/${name}.m3u8`,
    })),
    statusReason: edit?.statusReason ?? video.statusReason,
  };
}

/** Claim a video for review (50): refused while another reviewer's claim holds. */
export async function claim(
  ctx: AppContext,
  { body, operator, who }: AdminInput<"review.claim">,
): Promise<AdminResponse<"review.claim">> {
  const videoId = Number(body.videoId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await refuseOthersClaim(tx, now, videoId, operator.row.id);
    await tx
      .insert(reviewClaims)
      .values({
        videoId,
        operatorId: operator.row.id,
        claimedAt: now,
        expiresAt: new Date(now.getTime() + CLAIM_MS),
      })
      .onConflictDoUpdate({
        target: reviewClaims.videoId,
        set: { operatorId: operator.row.id, claimedAt: now, expiresAt: new Date(now.getTime() + CLAIM_MS) },
      });
  });
  // Taking it moves a waiting video to 50 (in review) and records it; one in review already stays.
  await asConsole(() => takeForReview(reviewDeps(ctx, who), videoId)).catch((error: unknown) => {
    if (!(error instanceof BusinessError) || error.key !== ServerMessage.reviewNotWaiting) throw error;
  });
  const d = await reviewDetail(ctx, videoId);
  return {
    videoId: d.videoId,
    kind: d.kind,
    status: d.status,
    title: d.title,
    author: d.author,
    waitingSince: d.waitingSince,
    claimedBy: d.claimedBy,
    claimExpiresAt: d.claimExpiresAt,
  };
}

async function release(db: Db, videoId: number): Promise<void> {
  await db.delete(reviewClaims).where(eq(reviewClaims.videoId, videoId));
}

export async function releaseClaim(ctx: AppContext, { body, operator }: AdminInput<"review.release">) {
  await ctx.db
    .delete(reviewClaims)
    .where(and(eq(reviewClaims.videoId, Number(body.videoId)), eq(reviewClaims.operatorId, operator.row.id)));
  return null;
}

export async function approve(ctx: AppContext, { body, who }: AdminInput<"review.approve">) {
  await asConsole(() => approveReview(reviewDeps(ctx, who), Number(body.videoId)));
  await release(ctx.db, Number(body.videoId));
  return null;
}

export async function reject(ctx: AppContext, { body, who }: AdminInput<"review.reject">) {
  await asConsole(() => rejectReview(reviewDeps(ctx, who), Number(body.videoId), body.reason));
  await release(ctx.db, Number(body.videoId));
  return null;
}

export async function takedown(ctx: AppContext, { body, who }: AdminInput<"review.takedown">) {
  const said = await asConsole(() => takeDown(reviewDeps(ctx, who), Number(body.videoId), body.reason));
  return { refunded: Number(/(\d+) buyers refunded/.exec(said)?.[1] ?? 0) };
}

export async function restore(ctx: AppContext, { body, who }: AdminInput<"review.restore">) {
  await asConsole(() => restoreVideo(reviewDeps(ctx, who), Number(body.videoId)));
  return null;
}

/** Published and taken-down videos, by title or author, newest change first (for takedowns). */
export async function publishedPage(
  ctx: AppContext,
  body: AdminParsed<"review.published">,
): Promise<AdminResponse<"review.published">> {
  const status = body.takenDown ? VideoStatus.takenDown : VideoStatus.published;
  const search = body.search.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    eq(videos.status, status),
    isNull(videos.deletedAt),
    body.search === ""
      ? undefined
      : or(
          ilike(videos.title, `%${search}%`),
          ilike(users.nickName, `%${search}%`),
          sql`${videos.id}::text = ${body.search}`,
        ),
  );
  const { rows, total } = await numbered(
    body,
    (limit, offset) =>
      ctx.db
        .select({
          video: videos,
          author: { id: users.id, nickName: users.nickName, memberId: users.memberId },
        })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.authorId))
        .where(where)
        .orderBy(desc(videos.updatedAt), asc(videos.id))
        .limit(limit)
        .offset(offset),
    ctx.db.select({ n: count() }).from(videos).innerJoin(users, eq(users.id, videos.authorId)).where(where),
  );
  return {
    items: rows.map(({ video, author }) => ({
      videoId: String(video.id),
      title: video.title,
      author: personOf(author),
      status: video.status,
      watchLevel: video.watchLevel,
      amount: video.amount,
      updatedAt: video.updatedAt.toISOString(),
      statusReason: video.statusReason,
    })),
    total,
    page: body.page,
    size: body.size,
  };
}
