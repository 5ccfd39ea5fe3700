/**
 * The console's reports (Step 22): what people reported from the app (comments, profiles, videos,
 * live rooms), grouped by what they reported, and resolved once for the whole group — the content
 * removed, its owner warned, or the reports dismissed. The owner is told (removed or warned, with
 * the operator's reason) and every reporter hears the outcome, in the message centre.
 */
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AdminParsed, AdminResponse, ReportGroup } from "@platform/api-client/admin";
import { BusinessCode, MessageKind, ReportTarget, VideoStatus } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { comments, liveRooms, reports, users, videos } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { forgetVideo } from "../substance/caches";
import { writeMessage } from "../user/messages";
import { refundBuyers } from "../posting/refunds";
import { removeComment } from "../substance/comments";
import { endOtherAccess } from "../auth/sessions";
import { endBroadcast } from "./live-desk";
import { writeAudit } from "./audit";
import { numbered } from "./records";
import type { AdminInput } from "./route";

type Target = ReportGroup["targetType"];

interface TargetFacts {
  readonly summary: string;
  readonly ownerId: number | null;
  readonly gone: boolean;
  /** The video whose counters and caches a removed comment touches. */
  readonly videoId?: number;
  readonly rootId?: number | null;
}

/** What a reported thing is, in a line, with its owner; whether it is gone already. */
async function factsOf(db: Db, type: Target, id: number): Promise<TargetFacts> {
  switch (type) {
    case ReportTarget.COMMENT: {
      const [row] = await db.select().from(comments).where(eq(comments.id, id));
      return row
        ? {
            summary: row.content.slice(0, 120),
            ownerId: row.userId,
            gone: row.deletedAt !== null,
            videoId: row.videoId,
            rootId: row.rootId,
          }
        : { summary: "", ownerId: null, gone: true };
    }
    case ReportTarget.VIDEO: {
      const [row] = await db.select().from(videos).where(eq(videos.id, id));
      return row
        ? {
            summary: row.title,
            ownerId: row.authorId,
            gone: row.deletedAt !== null || row.status !== VideoStatus.published,
          }
        : { summary: "", ownerId: null, gone: true };
    }
    case ReportTarget.USER: {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row
        ? { summary: row.nickName, ownerId: row.id, gone: row.deletedAt !== null || row.bannedAt !== null }
        : { summary: "", ownerId: null, gone: true };
    }
    case ReportTarget.LIVE: {
      const [row] = await db.select().from(liveRooms).where(eq(liveRooms.id, id));
      return row
        ? { summary: row.title, ownerId: row.authorId, gone: false }
        : { summary: "", ownerId: null, gone: true };
    }
  }
}

export async function reportGroups(
  ctx: AppContext,
  body: AdminParsed<"reports.list">,
): Promise<AdminResponse<"reports.list">> {
  const where = and(
    body.open ? isNull(reports.resolvedAt) : isNotNull(reports.resolvedAt),
    body.targetType === undefined ? undefined : eq(reports.targetType, body.targetType),
  );
  const grouped = ctx.db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      n: count().as("n"),
      firstAt: sql<Date>`min(${reports.createdAt})`.as("first_at"),
      lastAt: sql<Date>`max(${reports.createdAt})`.as("last_at"),
    })
    .from(reports)
    .where(where)
    .groupBy(reports.targetType, reports.targetId);
  const { rows, total } = await numbered(
    body,
    (limit, offset) =>
      ctx.db
        .select()
        .from(grouped.as("g"))
        .orderBy(desc(sql`n`), desc(sql`last_at`))
        .limit(limit)
        .offset(offset),
    ctx.db.select({ n: count() }).from(grouped.as("g")),
  );
  const items: ReportGroup[] = [];
  for (const row of rows) {
    const type = row.targetType as Target;
    const facts = await factsOf(ctx.db, type, row.targetId);
    const reasonRows = await ctx.db
      .select({ reason: reports.reason, n: count() })
      .from(reports)
      .where(and(where, eq(reports.targetType, type), eq(reports.targetId, row.targetId)))
      .groupBy(reports.reason);
    const [owner] =
      facts.ownerId === null
        ? []
        : await ctx.db
            .select({ id: users.id, nickName: users.nickName, memberId: users.memberId })
            .from(users)
            .where(eq(users.id, facts.ownerId));
    items.push({
      targetType: type,
      targetId: String(row.targetId),
      summary: facts.summary,
      owner: owner ? { id: String(owner.id), nickName: owner.nickName, memberId: owner.memberId } : null,
      count: row.n,
      reasons: Object.fromEntries(reasonRows.map((r) => [r.reason, r.n])),
      firstAt: new Date(row.firstAt).toISOString(),
      lastAt: new Date(row.lastAt).toISOString(),
      gone: facts.gone,
    });
  }
  return { items, total, page: body.page, size: body.size };
}

/** Remove the reported thing: a comment (with its thread), a video (taken down, buyers refunded), a profile (banned). */
async function removeTarget(
  ctx: AppContext,
  tx: Db,
  type: Target,
  id: number,
  facts: TargetFacts,
  reason: string,
) {
  const now = ctx.now();
  switch (type) {
    case ReportTarget.COMMENT: {
      if (facts.videoId === undefined) return { commentsRemoved: 0 };
      const removed = await removeComment(
        tx,
        { id, rootId: facts.rootId ?? null, videoId: facts.videoId },
        now,
      );
      return { commentsRemoved: removed };
    }
    case ReportTarget.VIDEO: {
      await tx
        .update(videos)
        .set({
          status: VideoStatus.takenDown,
          statusReason: reason,
          statusReasonKey: null,
          statusReasonValues: null,
          auditTime: null,
          updatedAt: now,
        })
        .where(eq(videos.id, id));
      return { status: VideoStatus.takenDown, refunded: await refundBuyers(tx, id, now) };
    }
    case ReportTarget.USER: {
      await tx.update(users).set({ bannedAt: now, banReason: reason }).where(eq(users.id, id));
      await endOtherAccess(ctx, tx, id, null);
      return { bannedAt: now };
    }
    case ReportTarget.LIVE:
      return endBroadcast(tx, id, now);
  }
}

/** Resolve every open report of one target at once; the owner and each reporter are told. */
export async function resolveReports(
  ctx: AppContext,
  { body, who }: AdminInput<"reports.resolve">,
): Promise<AdminResponse<"reports.resolve">> {
  const type = body.targetType;
  const id = Number(body.targetId);
  const resolved = await ctx.db.transaction(async (tx) => {
    const open = await tx
      .update(reports)
      .set({ resolution: body.resolution, resolvedBy: who.operatorId, resolvedAt: ctx.now() })
      .where(and(eq(reports.targetType, type), eq(reports.targetId, id), isNull(reports.resolvedAt)))
      .returning({ reporterId: reports.reporterId });
    if (open.length === 0) throw new BusinessError(BusinessCode.conflict, ServerMessage.reportNothingOpen);
    const facts = await factsOf(tx, type, id);
    const after =
      body.resolution === "REMOVED" && !facts.gone
        ? await removeTarget(ctx, tx, type, id, facts, body.reason)
        : {};
    if (body.resolution !== "DISMISSED" && facts.ownerId !== null)
      await writeMessage(tx, facts.ownerId, {
        kind: MessageKind.MODERATION,
        params: { targetType: type, summary: facts.summary, action: body.resolution, reason: body.reason },
      });
    for (const reporterId of new Set(open.map((r) => r.reporterId)))
      await writeMessage(tx, reporterId, {
        kind: MessageKind.REPORT_OUTCOME,
        params: { targetType: type, summary: facts.summary, resolution: body.resolution },
      });
    await writeAudit(
      tx,
      who,
      {
        action: `reports.${body.resolution.toLowerCase()}`,
        targetType: type.toLowerCase(),
        targetId: id,
        before: { reports: open.length, summary: facts.summary, gone: facts.gone },
        after: { resolution: body.resolution, ...after },
        reason: body.reason,
      },
      ctx.now(),
    );
    return { count: open.length, facts };
  });
  if (resolved.facts.videoId !== undefined) forgetVideo(ctx, resolved.facts.videoId);
  if (type === ReportTarget.VIDEO) forgetVideo(ctx, id);
  return { reports: resolved.count };
}
