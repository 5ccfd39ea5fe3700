/**
 * From an upload to a clip (decision 0018): the upload's arrival moves its video from uploading
 * (15) to waiting (20) and queues a durable transcode job; the job probes the file from its bytes,
 * runs the automatic technical review, makes the HLS renditions and covers with at most
 * TRANSCODE_CONCURRENCY ffmpeg processes, publishes the clip to the store and hands the video to the
 * automatic words check and the operators (review.ts). A restart (even kill -9) takes an unfinished
 * job up again when its lease ends; every step is idempotent.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { ServerMessageKey, VideoStatus } from "@platform/domain";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { uploads, videos } from "../../db/schema";
import { enqueue } from "../../jobs/runner";
import { MANIFEST } from "../../media/generate";
import { MEDIA_BUCKET } from "../../media/library";
import { probe, transcodeUpload } from "../../media/transcode";
import type { Probe } from "../../media/transcode";
import { LocalStore } from "../../providers/storage/local-store";
import { UPLOAD_EXPIRE_JOB, cancelUpload } from "../upload/files";

export { UPLOAD_EXPIRE_JOB };
import type { UploadRow } from "../upload/files";
import { afterProcessing } from "./review";
import { forgetVideo } from "../substance/caches";

export const TRANSCODE_JOB = "video.transcode";
const TRANSCODE_ATTEMPTS = 5;
/** The longest side a source may have (4K DCI). */
const MAX_LONG_SIDE = 4096;

/** A clip made from an upload (`UPLOADED_CLIP`): the video and its upload's key (a new file is a new clip). */
export function clipKeyOf(videoId: number, uploadKey: string): string {
  return `v${String(videoId)}-${createHash("sha256").update(uploadKey).digest("hex").slice(0, 16)}`;
}

/** Put a video's status and its reason (a sentence's key and values) in one place. */
export function statusSet(
  status: number,
  reason: { key: ServerMessageKey; values?: Record<string, string | number> } | null = null,
) {
  return {
    status,
    statusReasonKey: reason?.key ?? null,
    statusReasonValues: reason?.values ?? null,
    statusReason: null,
  };
}

/** Queue the transcode of a video whose file has arrived (in the caller's transaction). */
export async function queueTranscode(tx: Db, ctx: AppContext, videoId: number): Promise<void> {
  await enqueue(tx, {
    kind: TRANSCODE_JOB,
    key: `${TRANSCODE_JOB}:${String(videoId)}`,
    payload: { videoId },
    runAt: ctx.now(),
    maxAttempts: TRANSCODE_ATTEMPTS,
  });
}

/** An upload finished: the video waiting for it (uploading, 15) is queued for processing (20). */
export async function uploadArrived(ctx: AppContext, row: UploadRow): Promise<void> {
  if (row.kind !== "VIDEO") return;
  const moved = await ctx.db.transaction(async (tx) => {
    const [video] = await tx
      .update(videos)
      .set({ ...statusSet(VideoStatus.queued), updatedAt: ctx.now() })
      .where(
        and(eq(videos.uploadId, row.id), eq(videos.status, VideoStatus.uploading), isNull(videos.deletedAt)),
      )
      .returning({ id: videos.id });
    if (video) await queueTranscode(tx, ctx, video.id);
    return video;
  });
  if (moved) forgetVideo(ctx, moved.id);
}

/** An upload was given up (by its owner, or by its expiry): its video, if any, failed (10). */
export async function uploadGivenUp(
  ctx: AppContext,
  row: UploadRow,
  key: ServerMessageKey = ServerMessageKey.uploadCancelled,
): Promise<void> {
  const [video] = await ctx.db
    .update(videos)
    .set({ ...statusSet(VideoStatus.uploadFailed, { key }), updatedAt: ctx.now() })
    .where(and(eq(videos.uploadId, row.id), eq(videos.status, VideoStatus.uploading)))
    .returning({ id: videos.id });
  if (video) forgetVideo(ctx, video.id);
}

/** The expiry of an upload in parts: unfinished, it is given up and its video failed. */
export async function expireUpload(ctx: AppContext, payload: unknown): Promise<void> {
  const uploadId = Number((payload as { uploadId?: unknown }).uploadId);
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, uploadId));
  // Given up already and its bytes removed (by its owner, or the clean-up): nothing left to do.
  if (!row || row.completedAt || row.removedAt) return;
  if (!row.cancelledAt && row.expiresAt.getTime() > ctx.now().getTime()) {
    throw new Error("not expired yet");
  }
  // A failure to remove what arrived fails the job, which tries again (and so does the clean-up).
  if (await cancelUpload(ctx, row)) await uploadGivenUp(ctx, row, ServerMessageKey.videoUploadAbandoned);
}

/** The automatic technical review of a probed file: a refusal (18) or null. */
function technicalRefusal(
  ctx: AppContext,
  info: Probe,
): { key: ServerMessageKey; values: Record<string, number> } | null {
  const { minSeconds, maxMinutes, minShortSide } = ctx.config.creation;
  if (info.durationMs < minSeconds * 1000)
    return { key: ServerMessageKey.videoTooShort, values: { seconds: minSeconds } };
  if (info.durationMs > maxMinutes * 60_000)
    return { key: ServerMessageKey.videoTooLong, values: { minutes: maxMinutes } };
  if (Math.min(info.width, info.height) < minShortSide)
    return { key: ServerMessageKey.videoTooSmall, values: { pixels: minShortSide } };
  // A picture larger than 4K's is no phone's video, and decoding it costs what a bomb would.
  if (Math.max(info.width, info.height) > MAX_LONG_SIDE)
    return { key: ServerMessageKey.videoTooBig, values: { pixels: MAX_LONG_SIDE } };
  return null;
}

async function setStatus(
  ctx: AppContext,
  videoId: number,
  set: Partial<typeof videos.$inferInsert>,
): Promise<void> {
  await ctx.db
    .update(videos)
    .set({ ...set, updatedAt: ctx.now() })
    .where(eq(videos.id, videoId));
  forgetVideo(ctx, videoId);
}

/** Where a transcode works: the data folder's `transcode/`, one folder per attempt. */
function workRoot(ctx: AppContext): string {
  return join(ctx.config.dataDir, "transcode");
}

/** Drop what earlier attempts at this clip left (a process that died mid-way). */
async function clearEarlierWork(ctx: AppContext, key: string): Promise<void> {
  const root = workRoot(ctx);
  const entries = await readdir(root).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith(`${key}.`))
      .map((name) => rm(join(root, name), { recursive: true, force: true })),
  );
}

/** Store a made clip: one rename into the media folder, or its files to the bucket (manifest last). */
async function publishClip(ctx: AppContext, key: string, work: string): Promise<void> {
  if (ctx.storage instanceof LocalStore) {
    await ctx.storage.adoptFolder(MEDIA_BUCKET, key, work);
    return;
  }
  const files: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.name !== MANIFEST) files.push(`${prefix}${entry.name}`);
    }
  };
  await walk(work, "");
  const typeOf = (file: string) =>
    file.endsWith(".m3u8")
      ? "application/vnd.apple.mpegurl"
      : file.endsWith(".jpg")
        ? "image/jpeg"
        : file.endsWith(".webp")
          ? "image/webp"
          : "video/mp4";
  for (let i = 0; i < files.length; i += 8) {
    await Promise.all(
      files
        .slice(i, i + 8)
        .map((file) => ctx.storage.upload(MEDIA_BUCKET, `${key}/${file}`, join(work, file), typeOf(file))),
    );
  }
  await ctx.storage.upload(MEDIA_BUCKET, `${key}/${MANIFEST}`, join(work, MANIFEST), "application/json");
  await rm(work, { recursive: true, force: true });
}

/**
 * The transcode job: probe, check, make, publish, hand on. It runs in the `transcode` queue, whose
 * concurrency (TRANSCODE_CONCURRENCY) is how many ffmpeg processes a process runs at once. When its
 * signal aborts (the lease lost, a shutdown), ffmpeg stops and the video stays as it was: the job
 * runs again, here or elsewhere.
 */
export async function transcodeJob(
  ctx: AppContext,
  payload: unknown,
  job: { readonly attempts: number; readonly signal?: AbortSignal },
): Promise<undefined> {
  const videoId = Number((payload as { videoId?: unknown }).videoId);
  const [found] = await ctx.db
    .select({ video: videos, upload: uploads })
    .from(videos)
    .innerJoin(uploads, eq(uploads.id, videos.uploadId))
    .where(and(eq(videos.id, videoId), isNull(videos.deletedAt)));
  if (!found || ![VideoStatus.queued, VideoStatus.processing].includes(found.video.status as 20 | 25))
    return undefined;
  const { video, upload } = found;
  const key = clipKeyOf(video.id, upload.key);
  const work = join(workRoot(ctx), `${key}.${randomUUID().slice(0, 8)}`);
  try {
    await setStatus(ctx, video.id, { ...statusSet(VideoStatus.processing), progress: 0 });
    await clearEarlierWork(ctx, key);
    await mkdir(work, { recursive: true });
    // Made and stored by an attempt that died before it said so (kill -9): used as it is.
    let manifest = await ctx.media.load(key);
    if (!manifest) {
      const source =
        ctx.storage instanceof LocalStore
          ? ctx.storage.pathOf(upload.bucket, upload.key)
          : join(work, "source");
      if (!(ctx.storage instanceof LocalStore)) await ctx.storage.download(upload.bucket, upload.key, source);
      const info = await probe(source);
      if (!info) {
        await setStatus(ctx, video.id, {
          ...statusSet(VideoStatus.uploadFailed, { key: ServerMessageKey.videoNotAVideo }),
          progress: null,
        });
        return undefined;
      }
      await setStatus(ctx, video.id, { ...statusSet(VideoStatus.autoReview), progress: null });
      const refusal = technicalRefusal(ctx, info);
      if (refusal) {
        await setStatus(ctx, video.id, statusSet(VideoStatus.technicalRefused, refusal));
        return undefined;
      }
      await setStatus(ctx, video.id, { ...statusSet(VideoStatus.processing), progress: 0 });
      let shown = 0;
      let shownAt = 0;
      const clip = join(work, "clip");
      try {
        manifest = await transcodeUpload({
          source,
          probe: info,
          work: clip,
          key,
          ...(job.signal ? { signal: job.signal } : {}),
          onProgress: (fraction) => {
            const percent = Math.min(99, Math.floor(fraction * 100));
            if (percent - shown < 5 || Date.now() - shownAt < 1000) return;
            shown = percent;
            shownAt = Date.now();
            void setStatus(ctx, video.id, { progress: percent }).catch(() => undefined);
          },
        });
      } catch (error) {
        if (job.signal?.aborted) throw error;
        ctx.log.warn({ err: error, video: video.id }, "transcode: ffmpeg refused the file");
        await setStatus(ctx, video.id, {
          ...statusSet(VideoStatus.uploadFailed, { key: ServerMessageKey.videoProcessingFailed }),
          progress: null,
        });
        return undefined;
      }
      await publishClip(ctx, key, clip);
      ctx.media.adopt(manifest);
    }
    const coverBase = `/api/media/covers/${manifest.folder}`;
    const [row] = await ctx.db
      .update(videos)
      .set({
        mediaKey: manifest.key,
        lengthMs: manifest.lengthMs,
        width: manifest.width,
        height: manifest.height,
        ...(video.coverUrl ? {} : { coverUrl: `${coverBase}/${manifest.cover}` }),
        ...(video.verticalCoverUrl || !manifest.verticalCover
          ? {}
          : { verticalCoverUrl: `${coverBase}/${manifest.verticalCover}` }),
        ...statusSet(VideoStatus.autoReview),
        progress: null,
        updatedAt: ctx.now(),
      })
      .where(
        and(eq(videos.id, video.id), inArray(videos.status, [VideoStatus.processing, VideoStatus.queued])),
      )
      .returning();
    forgetVideo(ctx, video.id);
    if (row) await afterProcessing(ctx, row);
    return undefined;
  } catch (error) {
    if (job.attempts >= TRANSCODE_ATTEMPTS && !job.signal?.aborted) {
      await setStatus(ctx, video.id, {
        ...statusSet(VideoStatus.uploadFailed, { key: ServerMessageKey.videoProcessingFailed }),
        progress: null,
      }).catch(() => undefined);
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
}
