/**
 * Comments of spec §4: top-level comments newest first, each with its first replies (childSize,
 * oldest first) and how many there are; replies answer a comment or another reply of the same
 * thread. Text is stored and returned as typed: it is data, never markup.
 */
import { BusinessCode, MessageKind } from "@platform/domain";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { writeMessage } from "../user/messages";
import { commentLikes, comments, users, videoThreads, videos } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { viewerOf, watchableVideo } from "./access";
import { dateFormatOf } from "./videos";
import { rowsOf } from "../../db/subqueries";
import { intKey, keyset, pageFrom, planPage, timeKey } from "../../db/keyset";
import { numberedPlace } from "../../db/numbered";
import { placesOfThreads } from "../../db/places";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";
import { forgetVideo } from "./viewer";

const replyTo = sql`(select ${users.nickName} from ${comments} as target join ${users} on ${users.id} = target.user_id where target.id = ${comments.replyToId})`;

export async function commentList(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.commentList">,
): Promise<ResponseOf<"substance.commentList">> {
  const format = dateFormatOf(request);
  const video = await watchableVideo(ctx.db, Number(body.substanceId), caller.userId);
  if (!video) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  const live = and(eq(comments.videoId, video.id), isNull(comments.deletedAt));
  const rootId = body.rootCommentId === undefined ? null : Number(body.rootCommentId);
  // Threads newest first (the `comments_threads` index), a thread's replies oldest first
  // (`comments_root`), read from where the last page ended when a cursor is given (decision 0016).
  // A numbered page is sought in the same index and counted up to a horizon (decision 0033).
  const order = keyset(rootId === null ? "desc" : "asc", timeKey(comments.createdAt), intKey(comments.id));
  const listed = and(live, rootId === null ? isNull(comments.rootId) : eq(comments.rootId, rootId));
  // A video's threads: the database keeps how many (migration 0023) and where they lie (0025); a
  // thread's replies are few.
  const length =
    rootId === null
      ? sql`(select ${videoThreads.threads} from ${videoThreads} where ${videoThreads.videoId} = ${video.id})`
      : undefined;
  const places = rootId === null ? placesOfThreads(video.id) : undefined;
  const place =
    body.cursor === undefined
      ? await numberedPlace(
          ctx.db,
          { table: comments, where: listed, order, length, places },
          body,
          ctx.config.pageCountHorizon,
        )
      : null;
  const plan = planPage(order, place ? { ...body, cursor: place.cursor } : body);
  const [read, counted] = await Promise.all([
    place?.pastEnd
      ? []
      : ctx.db
          .select({
            comment: comments,
            userName: users.nickName,
            avatar: users.avatarUrl,
            replyToName: replyTo,
            ...plan.keys,
          })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.userId))
          .where(and(listed, plan.after))
          .orderBy(...plan.orderBy)
          .limit(plan.limit),
    place?.count(),
  ]);
  const rows = read.slice(0, body.size);
  const ids = rows.map((r) => r.comment.id);
  // Each thread's first replies, `childSize` of them and no more, found in one query (a LATERAL
  // read of the (root, time, id) index per thread), then read with their names; and how many each
  // thread has (one grouped count). The rows read for a page do not grow with a thread's length.
  const threads = rootId === null && ids.length > 0;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [firstIds, counts] = await Promise.all([
    threads && body.childSize > 0
      ? ctx.db.execute(sql`select first.id from unnest(array[${idList}]::bigint[]) as thread(id)
          cross join lateral (
            select ${comments.id} as id from ${comments}
            where ${comments.rootId} = thread.id and ${comments.deletedAt} is null
            order by ${comments.createdAt}, ${comments.id} limit ${body.childSize}
          ) as first`)
      : null,
    threads
      ? ctx.db
          .select({ rootId: comments.rootId, count: sql<number>`count(*)`.mapWith(Number) })
          .from(comments)
          .where(and(live, inArray(comments.rootId, ids)))
          .groupBy(comments.rootId)
      : [],
  ]);
  const replyIds = (firstIds === null ? [] : rowsOf<{ id: unknown }>(firstIds)).map((r) => Number(r.id));
  const replies =
    replyIds.length === 0
      ? []
      : await ctx.db
          .select({ comment: comments, userName: users.nickName, replyToName: replyTo })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.userId))
          .where(inArray(comments.id, replyIds))
          .orderBy(asc(comments.createdAt), asc(comments.id));
  const replyCounts = new Map(counts.map((row) => [row.rootId, row.count]));
  const liked = new Set(
    ids.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: commentLikes.commentId })
            .from(commentLikes)
            .where(and(eq(commentLikes.userId, caller.userId), inArray(commentLikes.commentId, ids)))
        ).map((r) => r.id),
  );
  return pageFrom(
    order,
    body,
    read,
    (shown) =>
      shown.map((r) => {
        const mine = replies.filter((x) => x.comment.rootId === r.comment.id);
        return {
          id: String(r.comment.id),
          commentUserId: String(r.comment.userId),
          commentUserName: r.userName,
          commentUserAvatar: r.avatar,
          commentContent: r.comment.content,
          createTime: format(r.comment.createdAt),
          likeFlag: liked.has(r.comment.id),
          likeCount: r.comment.likeCount,
          childList: mine.map((x) => ({
            id: String(x.comment.id),
            commentUserId: String(x.comment.userId),
            commentUserName: x.userName,
            replyCommentUserName: x.replyToName as string | null,
            commentContent: x.comment.content,
            createTime: format(x.comment.createdAt),
          })),
          childCount: replyCounts.get(r.comment.id) ?? 0,
          replyCommentId: r.comment.replyToId === null ? null : String(r.comment.replyToId),
        };
      }),
    counted ?? { total: 0, plus: false },
  );
}

/** How much of a reply its message quotes. */
const REPLY_EXCERPT_CHARACTERS = 60;

export async function doComment(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.doComment">,
): Promise<ResponseOf<"substance.doComment">> {
  // Commenting is a member benefit (spec §6: isCommentEnabled of the member-benefits query).
  const viewer = await viewerOf(ctx, caller.userId);
  if (!viewer.isVip) throw new BusinessError(BusinessCode.forbidden, ServerMessage.needSuperMember);
  const video = await watchableVideo(ctx.db, Number(body.substanceId), caller.userId);
  if (!video) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  const [me] = await ctx.db
    .select({ nickName: users.nickName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, caller.userId));
  const created = await ctx.db.transaction(async (tx) => {
    let rootId: number | null = null;
    let replyToId: number | null = null;
    if (body.replyCommentId !== undefined) {
      const [target] = await tx
        .select({ id: comments.id, rootId: comments.rootId, userId: comments.userId })
        .from(comments)
        .where(
          and(
            eq(comments.id, Number(body.replyCommentId)),
            eq(comments.videoId, video.id),
            isNull(comments.deletedAt),
          ),
        );
      if (!target) throw new BusinessError(BusinessCode.notFound, ServerMessage.replyTargetGone);
      rootId = target.rootId ?? target.id;
      replyToId = target.id;
      // The comment's author hears of the reply (not of their own).
      if (target.userId !== caller.userId)
        await writeMessage(tx, target.userId, {
          kind: MessageKind.COMMENT_REPLY,
          params: {
            videoId: String(video.id),
            videoTitle: video.title,
            commentId: String(target.id),
            replierName: me?.nickName ?? "",
            excerpt: Array.from(body.commentContent).slice(0, REPLY_EXCERPT_CHARACTERS).join(""),
          },
        });
    }
    const [row] = await tx
      .insert(comments)
      .values({
        videoId: video.id,
        userId: caller.userId,
        rootId,
        replyToId,
        content: body.commentContent,
        createdAt: ctx.now(),
      })
      .returning();
    await tx
      .update(videos)
      .set({ commentCount: sql`${videos.commentCount} + 1` })
      .where(eq(videos.id, video.id));
    if (!row) throw new Error("comment not written");
    return row;
  });
  forgetVideo(ctx, video.id, caller.userId);
  return {
    id: String(created.id),
    commentUserId: String(caller.userId),
    commentUserName: me?.nickName ?? "",
    commentUserAvatar: me?.avatarUrl ?? null,
    commentContent: created.content,
    createTime: dateFormatOf(request)(created.createdAt),
    likeFlag: false,
    likeCount: 0,
    childList: [],
    childCount: 0,
    replyCommentId: created.replyToId === null ? null : String(created.replyToId),
  };
}

export async function likeComment(
  ctx: AppContext,
  { body, caller }: SignedInInput<"substance.likeComment">,
): Promise<ResponseOf<"substance.likeComment">> {
  const commentId = Number(body.commentId);
  return ctx.db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)));
    if (!comment) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    const added = await tx
      .insert(commentLikes)
      .values({ userId: caller.userId, commentId })
      .onConflictDoNothing()
      .returning({ id: commentLikes.commentId });
    if (added.length === 0) {
      await tx
        .delete(commentLikes)
        .where(and(eq(commentLikes.userId, caller.userId), eq(commentLikes.commentId, commentId)));
    }
    const [row] = await tx
      .update(comments)
      .set({ likeCount: sql`${comments.likeCount} + ${added.length > 0 ? 1 : -1}` })
      .where(eq(comments.id, commentId))
      .returning({ likeCount: comments.likeCount });
    return { likeFlag: added.length > 0, likeCount: row?.likeCount ?? 0 };
  });
}

/**
 * Remove a comment (a top-level one takes its thread with it) and take them off the video's count:
 * its author's delete and an operator's removal of a reported comment. Answers how many went.
 */
export async function removeComment(
  tx: Db,
  comment: { readonly id: number; readonly rootId: number | null; readonly videoId: number },
  now: Date,
): Promise<number> {
  const gone = await tx
    .update(comments)
    .set({ deletedAt: now })
    .where(
      and(
        isNull(comments.deletedAt),
        comment.rootId === null
          ? sql`(${comments.id} = ${comment.id} or ${comments.rootId} = ${comment.id})`
          : eq(comments.id, comment.id),
      ),
    )
    .returning({ id: comments.id });
  await tx
    .update(videos)
    .set({ commentCount: sql`greatest(${videos.commentCount} - ${gone.length}, 0)` })
    .where(eq(videos.id, comment.videoId));
  return gone.length;
}

export async function deleteComment(
  ctx: AppContext,
  { body, caller }: SignedInInput<"substance.deleteComment">,
): Promise<ResponseOf<"substance.deleteComment">> {
  const commentId = Number(body.commentId);
  await ctx.db
    .transaction(async (tx) => {
      const [comment] = await tx
        .select()
        .from(comments)
        .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)));
      if (!comment) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
      if (comment.userId !== caller.userId)
        throw new BusinessError(BusinessCode.forbidden, ServerMessage.notYours);
      await removeComment(tx, comment, ctx.now());
      return comment.videoId;
    })
    .then((videoId) => {
      forgetVideo(ctx, videoId);
    });
  return null;
}
