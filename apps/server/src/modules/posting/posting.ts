/**
 * Posting and managing one's own videos (decision 0018): saveMyVideo (a new post, or an edit),
 * deleteMyVideo and the rules of posting (creationConfig). The owner's view of a video (why it
 * failed, processing progress, a pending edit) is the catalogue's (substance/owner-view.ts).
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { ResponseOf } from "@platform/api-client";
import { BusinessCode, VideoStatus, WatchLevel, formatAmount, publicFileUrl } from "@platform/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { uploads, users, videoEdits, videos } from "../../db/schema";
import type { VideoEditDetails } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { enqueue } from "../../jobs/runner";
import { MEDIA_BUCKET, UPLOADED_CLIP } from "../../media/library";
import { markRemoved } from "../upload/cleanup";
import { cancelUpload, finishedUpload, uploadRules, uploadTypes } from "../upload/files";
import type { UploadRow } from "../upload/files";
import { videoRowColumns } from "../substance/access";
import type { VideoRow } from "../substance/access";
import { forgetVideo } from "../substance/caches";
import { withOwnerViews } from "../substance/owner-view";
import { videoQuery } from "../substance/videos";
import { queueTranscode, statusSet } from "./processing";
import { editColumns, wordsRefusal } from "./review";
import { refundBuyers } from "./refunds";

export const PURGE_JOB = "video.purge";

const refused = new Set<number>([VideoStatus.wordsRefused, VideoStatus.rejected, VideoStatus.takenDown]);
const needsNewFile = new Set<number>([VideoStatus.uploadFailed, VideoStatus.technicalRefused]);
const reviewing = new Set<number>([
  VideoStatus.awaitingReview,
  VideoStatus.inReview,
  VideoStatus.resubmitted,
]);

export async function creationConfig(ctx: AppContext): Promise<ResponseOf<"substance.creationConfig">> {
  const { creation } = ctx.config;
  return Promise.resolve({
    priceMin: creation.priceMin,
    priceMax: creation.priceMax,
    previewMaxMs: creation.previewMaxMs,
    previewDefaultMs: creation.previewDefaultMs,
    videoMaxBytes: ctx.config.uploadVideoMaxBytes,
    pictureMaxBytes: ctx.config.uploadPictureMaxBytes,
    videoTypes: [...uploadTypes.VIDEO],
    pictureTypes: [...uploadTypes.PICTURE],
  });
}

type SaveBody = SignedInInput<"substance.saveMyVideo">["body"];

/** Where a save's cover pictures are served (undefined: not given), checked before its transaction. */
async function coversOf(ctx: AppContext, body: SaveBody, userId: number) {
  const picture = async (key: string | undefined) => {
    if (key === undefined || key === "") return undefined;
    const row = await finishedUpload(ctx, key, userId, "PICTURE", uploadRules.PICTURE.bucket);
    return publicFileUrl(row.bucket, row.key);
  };
  return { cover: await picture(body.coverKey), vertical: await picture(body.verticalCoverKey) };
}

/** The details a save asks for, checked against the settings (price and preview bounds). */
function detailsOf(
  ctx: AppContext,
  body: SaveBody,
  covers: { cover: string | undefined; vertical: string | undefined },
  current: VideoRow | null,
): VideoEditDetails {
  const { priceMin, priceMax, previewMaxMs } = ctx.config.creation;
  const charge = body.watchLevel === WatchLevel.CHARGE;
  if (charge && (body.amount < priceMin || body.amount > priceMax))
    throw new BusinessError(BusinessCode.invalid, ServerMessage.videoPriceRange, {
      min: formatAmount(priceMin),
      max: formatAmount(priceMax),
    });
  if (body.watchLevel !== WatchLevel.FREE && body.freeTimeMs > previewMaxMs)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.videoPreviewRange, {
      seconds: Math.floor(previewMaxMs / 1000),
    });
  return {
    title: body.videoTitle.trim(),
    introduction: body.introduction,
    tags: [...new Set(body.tags.map((t) => t.trim()).filter((t) => t !== ""))],
    allowDownload: body.allowDownload,
    watchLevel: body.watchLevel,
    amount: charge ? body.amount : 0,
    freeTimeMs:
      body.watchLevel === WatchLevel.FREE ? (current?.freeTimeMs ?? body.freeTimeMs) : body.freeTimeMs,
    coverUrl: covers.cover ?? current?.coverUrl ?? null,
    verticalCoverUrl: covers.vertical ?? current?.verticalCoverUrl ?? null,
  };
}

/** The caller's unused video upload by key, for a new post or a new file. */
async function videoUpload(ctx: AppContext, tx: Db, key: string, userId: number): Promise<UploadRow> {
  // Locked: the clean-up removes a finished upload no video uses under the same lock.
  const [row] = await tx.select().from(uploads).where(eq(uploads.key, key)).for("update");
  if (!row) throw new BusinessError(BusinessCode.notFound, ServerMessage.uploadMissing);
  if (row.userId !== userId) throw new BusinessError(BusinessCode.forbidden, ServerMessage.notYours);
  if (row.kind !== "VIDEO") throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadType);
  if (row.cancelledAt) throw new BusinessError(BusinessCode.conflict, ServerMessage.uploadCancelled);
  if (row.removedAt || (!row.completedAt && row.expiresAt.getTime() <= ctx.now().getTime()))
    throw new BusinessError(BusinessCode.invalid, ServerMessage.uploadExpired);
  const [used] = await tx.select({ id: videos.id }).from(videos).where(eq(videos.uploadId, row.id));
  if (used) throw new BusinessError(BusinessCode.conflict, ServerMessage.videoUploadInUse);
  return row;
}

/** Where a new file leaves a video: uploading until it arrives, then queued for processing. */
const statusForFile = (upload: UploadRow) =>
  upload.completedAt ? VideoStatus.queued : VideoStatus.uploading;

const sameDetails = (a: VideoEditDetails, b: VideoEditDetails) => JSON.stringify(a) === JSON.stringify(b);

function detailsOfRow(row: VideoRow): VideoEditDetails {
  return {
    title: row.title,
    introduction: row.introduction,
    tags: row.tags,
    allowDownload: row.allowDownload,
    watchLevel: row.watchLevel,
    amount: row.amount,
    freeTimeMs: row.freeTimeMs,
    coverUrl: row.coverUrl,
    verticalCoverUrl: row.verticalCoverUrl,
  };
}

/** The caller's own video (not deleted): 404 when there is none, 403 when it is someone else's. */
async function ownVideo(db: Db, id: number, userId: number): Promise<VideoRow> {
  const [row] = await db
    .select(videoRowColumns)
    .from(videos)
    .where(and(eq(videos.id, id), isNull(videos.deletedAt)));
  if (!row) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  if (row.authorId !== userId) throw new BusinessError(BusinessCode.forbidden, ServerMessage.notYours);
  return row;
}

/**
 * Post a video, or edit one's own. A new post needs its upload (`videoKey`); it waits for the
 * upload (15) or is queued at once (20). Editing a video not yet published changes it in place (a
 * refused one is sent again: 77, or 60 when its words are still refused; one whose file failed
 * needs a new file). Editing a published one records the edit for review and leaves the published
 * version up (buyers keep their access whatever changes).
 */
export async function saveMyVideo(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.saveMyVideo">,
): Promise<ResponseOf<"substance.saveMyVideo">> {
  const userId = caller.userId;
  const banned = ctx.config.creation.bannedWords;
  // Read outside the transaction: a sent-whole picture is checked in the bucket (PGlite runs one
  // thing at a time, so nothing may use the outer handle inside a transaction).
  const covers = await coversOf(ctx, body, userId);
  const id = await ctx.db.transaction(async (tx) => {
    const current = body.id === undefined ? null : await ownVideo(tx, Number(body.id), userId);
    const details = detailsOf(ctx, body, covers, current);
    if (current === null) {
      if (!body.videoKey) throw new BusinessError(BusinessCode.invalid, ServerMessage.videoFileNeeded);
      const upload = await videoUpload(ctx, tx, body.videoKey, userId);
      const [author] = await tx
        .select({ channel: users.channelTagId })
        .from(users)
        .where(eq(users.id, userId));
      const status = statusForFile(upload);
      const [row] = await tx
        .insert(videos)
        .values({
          authorId: userId,
          ...editColumns(details),
          channelTagId: author?.channel ?? "0",
          lengthMs: 0,
          width: 0,
          height: 0,
          uploadId: upload.id,
          ...statusSet(status),
        })
        .returning({ id: videos.id });
      if (!row) throw new Error("video row not written");
      if (status === VideoStatus.queued) await queueTranscode(tx, ctx, row.id);
      return row.id;
    }
    const newFile = body.videoKey !== undefined && body.videoKey !== "" ? body.videoKey : null;
    const [currentUpload] =
      current.uploadId === null
        ? []
        : await tx.select({ key: uploads.key }).from(uploads).where(eq(uploads.id, current.uploadId));
    const replacing = newFile !== null && newFile !== currentUpload?.key;
    if (current.status === VideoStatus.published) {
      if (replacing) throw new BusinessError(BusinessCode.invalid, ServerMessage.videoFileFixed);
      if (sameDetails(details, detailsOfRow(current))) {
        await tx.delete(videoEdits).where(eq(videoEdits.videoId, current.id));
        return current.id;
      }
      const refusal = wordsRefusal(banned, details);
      const edit = {
        details,
        status: refusal ? VideoStatus.wordsRefused : VideoStatus.awaitingReview,
        statusReasonKey: refusal?.key ?? null,
        statusReasonValues: refusal?.values ?? null,
        statusReason: null,
        updatedAt: ctx.now(),
      };
      await tx
        .insert(videoEdits)
        .values({ videoId: current.id, ...edit })
        .onConflictDoUpdate({ target: videoEdits.videoId, set: edit });
      return current.id;
    }
    let status: number = current.status;
    let uploadId = current.uploadId;
    if (needsNewFile.has(current.status) && !replacing)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.videoNeedsNewFile);
    if (replacing) {
      if (!needsNewFile.has(current.status) && current.status !== VideoStatus.uploading)
        throw new BusinessError(BusinessCode.invalid, ServerMessage.videoFileFixed);
      const upload = await videoUpload(ctx, tx, newFile, userId);
      uploadId = upload.id;
      status = statusForFile(upload);
    } else if (refused.has(status) || reviewing.has(status)) {
      const refusal = wordsRefusal(banned, details);
      if (refusal) {
        await tx
          .update(videos)
          .set({
            ...editColumns(details),
            ...statusSet(VideoStatus.wordsRefused, refusal),
            updatedAt: ctx.now(),
          })
          .where(eq(videos.id, current.id));
        return current.id;
      }
      if (refused.has(status)) status = VideoStatus.resubmitted;
    }
    await tx
      .update(videos)
      .set({
        ...editColumns(details),
        uploadId,
        ...(status === current.status
          ? {}
          : { ...statusSet(status), mediaKey: replacing ? null : current.mediaKey }),
        updatedAt: ctx.now(),
      })
      .where(eq(videos.id, current.id));
    if (replacing && status === VideoStatus.queued) await queueTranscode(tx, ctx, current.id);
    return current.id;
  });
  forgetVideo(ctx, id);
  const [row] = await videoQuery(ctx, userId).where(eq(videos.id, id));
  if (!row) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  const [video] = await withOwnerViews(ctx, request, [row]);
  if (!video) throw new Error("video not answered");
  return video;
}

/**
 * Delete one's own video: it leaves every list at once, its buyers get their gold back (decision
 * 0018) in the same transaction, an unfinished upload is given up, and its media (the clip made
 * from its upload, and the uploaded file) is removed — now, and by a durable job should this
 * process stop first.
 */
export async function deleteMyVideo(
  ctx: AppContext,
  { body, caller }: SignedInInput<"substance.deleteMyVideo">,
): Promise<ResponseOf<"substance.deleteMyVideo">> {
  const id = Number(body.id);
  const video = await ctx.db.transaction(async (tx) => {
    const row = await ownVideo(tx, id, caller.userId);
    await tx.update(videos).set({ deletedAt: ctx.now(), updatedAt: ctx.now() }).where(eq(videos.id, id));
    await tx.delete(videoEdits).where(eq(videoEdits.videoId, id));
    await refundBuyers(tx, id, ctx.now());
    await enqueue(tx, {
      kind: PURGE_JOB,
      key: `${PURGE_JOB}:${String(id)}`,
      payload: { videoId: id },
      runAt: new Date(ctx.now().getTime() + 60_000),
    });
    return row;
  });
  forgetVideo(ctx, id);
  await purgeVideo(ctx, { videoId: video.id }).catch((error: unknown) => {
    ctx.log.warn({ err: error, video: id }, "deleting a video's media failed: its job will try again");
  });
  return null;
}

/** Remove a deleted video's media: its clip (made from its upload; never a seed clip) and its file. */
export async function purgeVideo(ctx: AppContext, payload: unknown): Promise<void> {
  const videoId = Number((payload as { videoId?: unknown }).videoId);
  const [row] = await ctx.db
    .select({ mediaKey: videos.mediaKey, deletedAt: videos.deletedAt, upload: uploads })
    .from(videos)
    .leftJoin(uploads, eq(uploads.id, videos.uploadId))
    .where(eq(videos.id, videoId));
  if (!row?.deletedAt) return;
  if (row.mediaKey !== null && UPLOADED_CLIP.test(row.mediaKey)) {
    ctx.media.forget(row.mediaKey);
    await ctx.storage.removePrefix(MEDIA_BUCKET, row.mediaKey);
    // Its preview cuts, made on this machine (derived data).
    await rm(join(ctx.config.mediaDir, ".cache", row.mediaKey), { recursive: true, force: true });
  }
  if (row.upload) {
    if (!row.upload.completedAt && !row.upload.cancelledAt) await cancelUpload(ctx, row.upload);
    await ctx.storage.remove(row.upload.bucket, [row.upload.key]);
    await markRemoved(ctx, row.upload.id);
  }
}
