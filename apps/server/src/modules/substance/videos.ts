import type { Video } from "@platform/api-client";
import type { WatchLevel } from "@platform/domain";
import { and, eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { users, videos, watchHistory } from "../../db/schema";
import { formatDateTime, offsetOf } from "../../http/time";
import { discountOf, videoRowColumns } from "./access";
import type { VideoRow } from "./access";
import type { Page } from "../../db/keyset";

/** A numbered page of the contract's shape (lists without a keyset: topics, people). */
export function pageOf<T>(records: T[], total: number, paging: { current: number; size: number }): Page<T> {
  return { records, total, current: paging.current, size: paging.size };
}

/** Times as they travel: in the caller's zone (the `time-zone` header). */
export function dateFormatOf(request: FastifyRequest): (date: Date) => string {
  const offset = offsetOf(request);
  return (date) => formatDateTime(date, offset);
}

/** The columns a video row of a list needs: the video, its author, and where this viewer stopped. */
export function videoColumns() {
  return {
    ...videoRowColumns,
    authorName: users.nickName,
    authorAvatar: users.avatarUrl,
    seenMs: watchHistory.seenMs,
  };
}

export type ListedVideo = VideoRow & {
  authorName: string;
  authorAvatar: string | null;
  seenMs: number | null;
};

/** The video table joined with its author and this viewer's history (nobody's for a guest). */
export function videoQuery<E extends Record<string, SQL>>(
  ctx: AppContext,
  viewerId: number | null,
  extra: E = {} as E,
) {
  return ctx.db
    .select({ ...videoColumns(), ...extra })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.authorId))
    .leftJoin(
      watchHistory,
      and(eq(watchHistory.videoId, videos.id), eq(watchHistory.userId, viewerId ?? -1)),
    );
}

/** A row as the contract's Video (spec §3). */
/** `seenMs`: where this viewer stopped, when the row was read without them (the row's otherwise). */
export function toVideo(
  ctx: AppContext,
  row: ListedVideo,
  format: (d: Date) => string,
  seenMs: number | null = row.seenMs,
): Video {
  const cover = row.coverUrl ?? ctx.media.coverUrl(row.mediaKey);
  return {
    id: String(row.id),
    videoTitle: row.title,
    introduction: row.introduction,
    tags: row.tags,
    allowDownload: row.allowDownload,
    nickName: row.authorName,
    createUserName: row.authorName,
    createUserId: String(row.authorId),
    avatarFileUrl: row.authorAvatar,
    videoLength: row.lengthMs,
    videoWidth: row.width,
    videoHeight: row.height,
    coverImage: cover,
    coverFileUrl: cover,
    verticalCoverUrl: row.verticalCoverUrl ?? ctx.media.verticalCoverUrl(row.mediaKey),
    playCount: row.playCount,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    watchLevel: row.watchLevel as WatchLevel,
    amount: row.amount,
    discount: discountOf(ctx, row),
    auditTime: row.auditTime ? format(row.auditTime) : null,
    seenMs,
    type: row.status,
    createTime: format(row.createdAt),
    updateTime: format(row.updatedAt),
  };
}

/** `%text%` for ILIKE, with the caller's % and _ taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
