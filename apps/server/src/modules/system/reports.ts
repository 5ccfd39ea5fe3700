/**
 * Reports (the Report menus of comments, profiles and videos): once per person, never one's own.
 */
import { BusinessCode, ReportTarget } from "@platform/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { comments, liveRooms, reports, users, videos } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { isPublished } from "../substance/access";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

/** Who owns a report's target (null: there is no such live target). */
async function ownerOf(ctx: AppContext, type: ReportTarget, id: number): Promise<number | null> {
  switch (type) {
    case ReportTarget.COMMENT: {
      const [row] = await ctx.db
        .select({ owner: comments.userId })
        .from(comments)
        .where(and(eq(comments.id, id), isNull(comments.deletedAt)));
      return row?.owner ?? null;
    }
    case ReportTarget.USER: {
      const [row] = await ctx.db
        .select({ owner: users.id })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      return row?.owner ?? null;
    }
    case ReportTarget.VIDEO: {
      const [row] = await ctx.db
        .select({ owner: videos.authorId })
        .from(videos)
        .where(and(eq(videos.id, id), isPublished));
      return row?.owner ?? null;
    }
    case ReportTarget.LIVE: {
      const [row] = await ctx.db
        .select({ owner: liveRooms.authorId })
        .from(liveRooms)
        .where(eq(liveRooms.id, id));
      return row?.owner ?? null;
    }
  }
}

/**
 * The Report menus: a comment, a profile or a published video, never one's own. A second report
 * of the same target by the same person keeps the first (its reason included).
 */
export async function report(
  ctx: AppContext,
  { body, caller }: SignedInInput<"system.report">,
): Promise<ResponseOf<"system.report">> {
  const targetId = Number(body.targetId);
  const ownerId = Number.isSafeInteger(targetId) ? await ownerOf(ctx, body.targetType, targetId) : null;
  if (ownerId === null) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  if (ownerId === caller.userId)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.cannotReportSelf);
  await ctx.db
    .insert(reports)
    .values({ reporterId: caller.userId, targetType: body.targetType, targetId, reason: body.reason })
    .onConflictDoNothing();
  return null;
}
