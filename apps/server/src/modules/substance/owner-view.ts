/**
 * The author's view of their own videos (decision 0018): why one failed or was refused, how far its
 * processing is, the edit waiting for review. Part of the catalogue's answers (a list of one's own
 * videos, getInfoById for its author); the posting module writes what it reads.
 */
import type { Video } from "@platform/api-client";
import { VideoStatus } from "@platform/domain";
import type { WatchLevel } from "@platform/domain";
import { inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { uploads, videoEdits } from "../../db/schema";
import { ServerMessage, languageOf, translate } from "../../http/messages";
import type { MessageId } from "../../http/messages";
import type { RouteInput } from "../../http/route";
import { dateFormatOf, toVideo } from "./videos";
import type { ListedVideo } from "./videos";

/** A reason as the author reads it, in the request's language. */
function reasonText(
  request: FastifyRequest,
  row: {
    statusReasonKey: string | null;
    statusReasonValues: Record<string, string | number> | null;
    statusReason: string | null;
    status: number;
  },
): string | null {
  const language = languageOf(request.headers.language);
  if (row.statusReason !== null) {
    const key =
      row.status === VideoStatus.takenDown ? ServerMessage.reviewTakenDown : ServerMessage.reviewRejected;
    return translate(language, key, { reason: row.statusReason });
  }
  if (row.statusReasonKey === null) return null;
  return translate(language, row.statusReasonKey as MessageId, row.statusReasonValues ?? {});
}

/** The contract's videos with their author's view (decision 0018): for the author's own answers only. */
export async function withOwnerViews(
  ctx: AppContext,
  request: FastifyRequest,
  rows: readonly ListedVideo[],
): Promise<Video[]> {
  const ids = rows.map((r) => r.id);
  const uploadIds = rows.flatMap((r) =>
    r.uploadId !== null && r.status === VideoStatus.uploading ? [r.uploadId] : [],
  );
  const [edits, pending] = await Promise.all([
    ids.length === 0 ? [] : ctx.db.select().from(videoEdits).where(inArray(videoEdits.videoId, ids)),
    uploadIds.length === 0
      ? []
      : ctx.db
          .select({ id: uploads.id, key: uploads.key })
          .from(uploads)
          .where(inArray(uploads.id, uploadIds)),
  ]);
  const editOf = new Map(edits.map((e) => [e.videoId, e]));
  const keyOf = new Map(pending.map((u) => [u.id, u.key]));
  const format = dateFormatOf(request);
  return rows.map((row) => {
    const edit = editOf.get(row.id);
    return {
      ...toVideo(ctx, row, format),
      owner: {
        freeTimeMs: row.freeTimeMs,
        reason: reasonText(request, row),
        progress: row.status === VideoStatus.processing ? (row.progress ?? 0) : null,
        uploadKey: row.uploadId === null ? null : (keyOf.get(row.uploadId) ?? null),
        edit: edit
          ? {
              videoTitle: edit.details.title,
              introduction: edit.details.introduction,
              tags: edit.details.tags,
              allowDownload: edit.details.allowDownload,
              watchLevel: edit.details.watchLevel as WatchLevel,
              amount: edit.details.amount,
              freeTimeMs: edit.details.freeTimeMs,
              coverUrl: edit.details.coverUrl,
              status: edit.status,
              reason: reasonText(request, edit),
            }
          : null,
      },
    };
  });
}

/** The author's view of one video for getInfoById (null for anyone else). */
export async function ownerViewFor(
  ctx: AppContext,
  request: RouteInput<"substance.getInfoById">["request"],
  row: ListedVideo,
): Promise<Video["owner"]> {
  const [video] = await withOwnerViews(ctx, request, [row]);
  return video?.owner;
}
