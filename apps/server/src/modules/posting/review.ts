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
import { lockPeople } from "../../db/locks";
import { purchases, users, videoEdits, videos } from "../../db/schema";
import type { VideoEditDetails } from "../../db/schema";
import { BalanceType, PlatformAccount, platform, post, userAccount } from "../ledger/wallet";
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

/**
 * Give the buyers of a video their gold back (it was deleted or taken down), once per purchase:
 * REVENUE pays each what they paid, and each hears of it in the message centre (which video, how
 * much), in the caller's transaction. Answers how many were refunded.
 */
export async function refundBuyers(tx: Db, videoId: number, now: Date): Promise<number> {
  // The buyers' money locks first (db/locks.ts), ascending; one who buys meanwhile is locked after.
  const buyers = await tx
    .selectDistinct({ userId: purchases.userId })
    .from(purchases)
    .where(and(eq(purchases.videoId, videoId), isNull(purchases.refundedAt)));
  await lockPeople(tx, ...buyers.map((b) => b.userId));
  const bought = await tx
    .update(purchases)
    .set({ refundedAt: now })
    .where(and(eq(purchases.videoId, videoId), isNull(purchases.refundedAt)))
    .returning({ id: purchases.id, userId: purchases.userId, amount: purchases.amount });
  await lockPeople(tx, ...bought.map((b) => b.userId));
  const [video] =
    bought.length === 0
      ? []
      : await tx.select({ title: videos.title }).from(videos).where(eq(videos.id, videoId));
  for (const purchase of bought.sort((a, b) => a.id - b.id)) {
    if (purchase.amount <= 0) continue;
    await post(tx, {
      kind: "REFUND_VIDEO",
      reference: `purchases:${String(purchase.id)}`,
      legs: [
        { account: platform(PlatformAccount.REVENUE), amount: -purchase.amount },
        { account: userAccount(purchase.userId, BalanceType.GOLD), amount: purchase.amount },
      ],
    });
    await writeMessage(tx, purchase.userId, {
      kind: MessageKind.PURCHASE_REFUND,
      params: { videoId: String(videoId), videoTitle: video?.title ?? "", amount: purchase.amount },
    });
  }
  return bought.length;
}

/** What the operators' commands work with: a database and a clock (no server needed). */
export interface ReviewDeps {
  readonly db: Db;
  now(): Date;
  /** The serving process drops its cached rows; the command's process has none. */
  forget?(videoId: number): void;
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
    throw new ReviewError("a reason is needed: one line of at most 200 characters");
  return reason;
}

/** A command that cannot be carried out: its message says why. */
export class ReviewError extends Error {}

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
  if (!video) throw new ReviewError(`no video ${String(id)}`);
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

/**
 * One operator's act on a video, in a transaction: on its pending edit when it has one, else on
 * the video itself, which must be waiting for review. Answers what was done, in the operator's words.
 */
async function review(
  deps: ReviewDeps,
  id: number,
  act: {
    edit(tx: Db, edit: EditRow, video: VideoRowOf): Promise<string>;
    video(tx: Db, video: VideoRowOf): Promise<string>;
  },
): Promise<string> {
  const said = await deps.db.transaction(async (tx) => {
    const video = await videoOf(tx, id);
    const edit = await pendingEdit(tx, id);
    if (edit) return act.edit(tx, edit, video);
    if (!waiting(video.status))
      throw new ReviewError(`video ${String(id)} is not waiting for review (status ${String(video.status)})`);
    return act.video(tx, video);
  });
  deps.forget?.(id);
  return said;
}

/** Take a video (or an edit) for review: 50. */
export function takeForReview(deps: ReviewDeps, id: number): Promise<string> {
  const taken = { status: VideoStatus.inReview, updatedAt: deps.now() };
  return review(deps, id, {
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
  return review(deps, id, {
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
    return review(deps, id, {
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
    if (video.status !== VideoStatus.published) throw new ReviewError(`video ${String(id)} is not published`);
    await tx
      .update(videos)
      .set({ ...operatorStatus(VideoStatus.takenDown, reason, deps.now()), auditTime: null })
      .where(eq(videos.id, id));
    await tx.delete(videoEdits).where(eq(videoEdits.videoId, id));
    const refunded = await refundBuyers(tx, id, deps.now());
    return `video ${String(id)} taken down; ${String(refunded)} buyers refunded`;
  });
  deps.forget?.(id);
  return said;
}
