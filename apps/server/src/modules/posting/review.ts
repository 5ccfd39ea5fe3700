/**
 * Review (decision 0018): the automatic words check of a video's title, introduction and tags
 * (BANNED_WORDS_FILE), and the operators' review through a command (`pnpm -F @platform/server
 * review list|take|approve|reject|takedown`). Approving publishes (99, with the audit time) or
 * applies an edit of a published video; a video deleted or taken down gives its buyers their gold
 * back through the ledger, in the same transaction.
 */
import { MessageKind, ServerMessageKey, VideoStatus, reviewQueueStatuses } from "@platform/domain";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { users, videoEdits, videos } from "../../db/schema";
import { refundBuyers } from "./refunds";

import type { VideoEditDetails } from "../../db/schema";
import { writeMessage } from "../user/messages";
import { forgetVideo } from "../substance/caches";

/** A refusal of the words check: which field, which word. */
export interface WordsRefusal {
  readonly key: ServerMessageKey;
  readonly values: { word: string };
}

/** Compared as a reader sees it: full-width and compatibility forms folded, invisible characters (ZWSP…) dropped. */
const normalised = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\p{Cf}/gu, "");

/** The first banned word in a title, an introduction or the tags, or null. */
export function wordsRefusal(
  banned: readonly string[],
  details: { readonly title: string; readonly introduction: string; readonly tags: readonly string[] },
): WordsRefusal | null {
  const fields: [ServerMessageKey, string][] = [
    [ServerMessageKey.bannedWordTitle, details.title],
    [ServerMessageKey.bannedWordIntroduction, details.introduction],
    [ServerMessageKey.bannedWordTags, details.tags.join(" ")],
  ];
  for (const [key, text] of fields) {
    const plain = normalised(text);
    const word = banned.find((w) => plain.includes(w));
    if (word !== undefined) return { key, values: { word } };
  }
  return null;
}

/**
 * A video whose clip was just made (30): refused by the words check (60), or on to the operators
 * (40).
 */
export async function afterProcessing(ctx: AppContext, row: typeof videos.$inferSelect): Promise<void> {
  const refusal = wordsRefusal(ctx.config.creation.bannedWords, row);
  await ctx.db
    .update(videos)
    .set({
      status: refusal ? VideoStatus.wordsRefused : VideoStatus.awaitingReview,
      statusReasonKey: refusal?.key ?? null,
      statusReasonValues: refusal?.values ?? null,
      statusReason: null,
      updatedAt: ctx.now(),
    })
    .where(and(eq(videos.id, row.id), eq(videos.status, VideoStatus.autoReview)));
  forgetVideo(ctx, row.id);
}

/** What an operator did, as the audit log records it (modules/admin/audit.ts writes it). */
export interface ReviewRecord {
  readonly action: string;
  readonly targetType: "video";
  readonly targetId: number;
  readonly before: unknown;
  readonly after: unknown;
  readonly reason?: string | null;
}

/**
 * What the operators' acts work with: a database and a clock (no server needed), and where the
 * act is recorded — the console and the command both write the audit log, in the act's transaction.
 */
export interface ReviewDeps {
  readonly db: Db;
  now(): Date;
  /** The serving process drops its cached rows; the command's process has none. */
  forget?(videoId: number): void;
  /** Record the act in the audit log, in its transaction. */
  record?(tx: Db, record: ReviewRecord): Promise<void>;
  /** Refuse the act unless this reviewer may take it (another's claim), in its transaction. */
  mayAct?(tx: Db, videoId: number): Promise<void>;
}

export interface QueuedReview {
  readonly id: number;
  readonly kind: "video" | "edit";
  readonly status: number;
  readonly title: string;
  readonly author: string;
  readonly waitingSince: Date;
}

/** What waits for an operator: new videos (40, 50, 77) and edits of published ones, oldest first. */
export async function reviewQueue(db: Db): Promise<QueuedReview[]> {
  const fresh = await db
    .select({
      id: videos.id,
      status: videos.status,
      title: videos.title,
      author: users.nickName,
      at: videos.updatedAt,
    })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.authorId))
    .where(and(inArray(videos.status, [...reviewQueueStatuses]), isNull(videos.deletedAt)))
    .orderBy(asc(videos.updatedAt));
  const edits = await db
    .select({
      id: videoEdits.videoId,
      status: videoEdits.status,
      details: videoEdits.details,
      author: users.nickName,
      at: videoEdits.updatedAt,
    })
    .from(videoEdits)
    .innerJoin(videos, eq(videos.id, videoEdits.videoId))
    .innerJoin(users, eq(users.id, videos.authorId))
    .where(
      and(
        inArray(videoEdits.status, [VideoStatus.awaitingReview, VideoStatus.inReview]),
        isNull(videos.deletedAt),
      ),
    );
  return [
    ...fresh.map((r) => ({
      id: r.id,
      kind: "video" as const,
      status: r.status,
      title: r.title,
      author: r.author,
      waitingSince: r.at,
    })),
    ...edits.map((r) => ({
      id: r.id,
      kind: "edit" as const,
      status: r.status,
      title: r.details.title,
      author: r.author,
      waitingSince: r.at,
    })),
  ].sort((a, b) => a.waitingSince.getTime() - b.waitingSince.getTime());
}

/** An operator's reason: said, short, one line. */
export function reasonOf(text: string | undefined): string {
  const reason = (text ?? "").trim();
  if (reason === "" || reason.length > 200 || /\p{Cc}/u.test(reason))
    throw new ReviewError(
      "a reason is needed: one line of at most 200 characters",
      ServerMessageKey.invalidRequest,
    );
  return reason;
}

/** A command that cannot be carried out: its message says why (and its key, in the console's words). */
export class ReviewError extends Error {
  constructor(
    message: string,
    readonly key: ServerMessageKey = ServerMessageKey.reviewNotWaiting,
  ) {
    super(message);
  }
}

async function pendingEdit(tx: Db, videoId: number) {
  const [edit] = await tx
    .select()
    .from(videoEdits)
    .where(
      and(
        eq(videoEdits.videoId, videoId),
        inArray(videoEdits.status, [VideoStatus.awaitingReview, VideoStatus.inReview]),
      ),
    );
  return edit;
}

async function videoOf(tx: Db, id: number) {
  const [video] = await tx
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), isNull(videos.deletedAt)));
  if (!video) throw new ReviewError(`no video ${String(id)}`, ServerMessageKey.notFound);
  return video;
}

const waiting = (status: number) => reviewQueueStatuses.includes(status);

/** The edit's details as columns of the video. */
export function editColumns(details: VideoEditDetails) {
  return {
    title: details.title,
    introduction: details.introduction,
    tags: details.tags,
    allowDownload: details.allowDownload,
    watchLevel: details.watchLevel,
    amount: details.amount,
    freeTimeMs: details.freeTimeMs,
    coverUrl: details.coverUrl,
    verticalCoverUrl: details.verticalCoverUrl,
  };
}

/** A status set by an operator, with their words as the reason (or none). */
function operatorStatus(status: number, reason: string | null, now: Date) {
  return { status, statusReason: reason, statusReasonKey: null, statusReasonValues: null, updatedAt: now };
}

type VideoRowOf = typeof videos.$inferSelect;
type EditRow = typeof videoEdits.$inferSelect;

/** What the audit log keeps of a video before and after an act. */
function snapshot(video: Pick<VideoRowOf, "status" | "title" | "statusReason">, edit?: EditRow) {
  return edit
    ? { status: video.status, title: video.title, edit: { status: edit.status, title: edit.details.title } }
    : { status: video.status, title: video.title, statusReason: video.statusReason };
}

/**
 * One operator's act on a video, in a transaction: on its pending edit when it has one, else on
 * the video itself, which must be waiting for review. Answers what was done, in the operator's
 * words, and records the act (before and after) in the same transaction.
 */
async function review(
  deps: ReviewDeps,
  id: number,
  action: string,
  reason: string | null,
  act: {
    edit(tx: Db, edit: EditRow, video: VideoRowOf): Promise<string>;
    video(tx: Db, video: VideoRowOf): Promise<string>;
  },
): Promise<string> {
  const said = await deps.db.transaction(async (tx) => {
    await deps.mayAct?.(tx, id);
    const video = await videoOf(tx, id);
    const edit = await pendingEdit(tx, id);
    if (!edit && !waiting(video.status))
      throw new ReviewError(`video ${String(id)} is not waiting for review (status ${String(video.status)})`);
    const text = edit ? await act.edit(tx, edit, video) : await act.video(tx, video);
    const after = await videoOf(tx, id);
    await deps.record?.(tx, {
      action,
      targetType: "video",
      targetId: id,
      before: snapshot(video, edit),
      after: snapshot(after, await pendingEdit(tx, id)),
      reason,
    });
    return text;
  });
  deps.forget?.(id);
  return said;
}

/** Take a video (or an edit) for review: 50. */
export function takeForReview(deps: ReviewDeps, id: number): Promise<string> {
  const taken = { status: VideoStatus.inReview, updatedAt: deps.now() };
  return review(deps, id, "review.take", null, {
    edit: async (tx) => {
      await tx.update(videoEdits).set(taken).where(eq(videoEdits.videoId, id));
      return `edit of video ${String(id)} taken for review`;
    },
    video: async (tx) => {
      await tx.update(videos).set(taken).where(eq(videos.id, id));
      return `video ${String(id)} taken for review`;
    },
  });
}

/** The author hears of the outcome in the message centre (in the review's transaction). */
function reviewMessage(tx: Db, video: VideoRowOf, title: string, reason: string | null): Promise<void> {
  return writeMessage(tx, video.authorId, {
    kind: MessageKind.VIDEO_REVIEW,
    params: { videoId: String(video.id), videoTitle: title, approved: reason === null, reason },
  });
}

/** Approve: a waiting video is published (99, audit time now); a pending edit is applied. */
export function approveReview(deps: ReviewDeps, id: number): Promise<string> {
  return review(deps, id, "review.approve", null, {
    edit: async (tx, edit, video) => {
      await tx
        .update(videos)
        .set({ ...editColumns(edit.details), updatedAt: deps.now() })
        .where(eq(videos.id, id));
      await tx.delete(videoEdits).where(eq(videoEdits.videoId, id));
      await reviewMessage(tx, video, edit.details.title, null);
      return `edit of video ${String(id)} applied`;
    },
    video: async (tx, video) => {
      await tx
        .update(videos)
        .set({ ...operatorStatus(VideoStatus.published, null, deps.now()), auditTime: deps.now() })
        .where(eq(videos.id, id));
      await reviewMessage(tx, video, video.title, null);
      return `video ${String(id)} published`;
    },
  });
}

/** Refuse a waiting video (70) or a pending edit, with the operator's reason. */
export function rejectReview(deps: ReviewDeps, id: number, reasonText: string | undefined): Promise<string> {
  // A missing reason is a rejected promise, as every other refusal of the command.
  return Promise.resolve().then(() => {
    const refused = operatorStatus(VideoStatus.rejected, reasonOf(reasonText), deps.now());
    return review(deps, id, "review.reject", refused.statusReason, {
      edit: async (tx, edit, video) => {
        await tx.update(videoEdits).set(refused).where(eq(videoEdits.videoId, id));
        await reviewMessage(tx, video, edit.details.title, refused.statusReason);
        return `edit of video ${String(id)} refused`;
      },
      video: async (tx, video) => {
        await tx.update(videos).set(refused).where(eq(videos.id, id));
        await reviewMessage(tx, video, video.title, refused.statusReason);
        return `video ${String(id)} refused`;
      },
    });
  });
}

/** Take a published video down (86, no audit time), with a reason; its buyers get their gold back. */
export async function takeDown(
  deps: ReviewDeps,
  id: number,
  reasonText: string | undefined,
): Promise<string> {
  const reason = reasonOf(reasonText);
  const said = await deps.db.transaction(async (tx) => {
    const video = await videoOf(tx, id);
    if (video.status !== VideoStatus.published)
      throw new ReviewError(`video ${String(id)} is not published`, ServerMessageKey.reviewNotPublished);
    await tx
      .update(videos)
      .set({ ...operatorStatus(VideoStatus.takenDown, reason, deps.now()), auditTime: null })
      .where(eq(videos.id, id));
    await tx.delete(videoEdits).where(eq(videoEdits.videoId, id));
    const refunded = await refundBuyers(tx, id, deps.now());
    await deps.record?.(tx, {
      action: "review.takedown",
      targetType: "video",
      targetId: id,
      before: snapshot(video),
      after: { ...snapshot(await videoOf(tx, id)), refunded },
      reason,
    });
    return `video ${String(id)} taken down; ${String(refunded)} buyers refunded`;
  });
  deps.forget?.(id);
  return said;
}

/**
 * Publish a video that was taken down (86) again (decision 0032: a mistaken takedown). No money
 * moves: the buyers keep their refund and their access, the author's share stays taken back.
 */
export async function restoreVideo(deps: ReviewDeps, id: number): Promise<string> {
  await deps.db.transaction(async (tx) => {
    const video = await videoOf(tx, id);
    if (video.status !== VideoStatus.takenDown)
      throw new ReviewError(`video ${String(id)} was not taken down`, ServerMessageKey.reviewNotTakenDown);
    await tx
      .update(videos)
      .set({ ...operatorStatus(VideoStatus.published, null, deps.now()), auditTime: deps.now() })
      .where(eq(videos.id, id));
    await deps.record?.(tx, {
      action: "review.restore",
      targetType: "video",
      targetId: id,
      before: snapshot(video),
      after: snapshot(await videoOf(tx, id)),
    });
  });
  deps.forget?.(id);
  return `video ${String(id)} published again`;
}
