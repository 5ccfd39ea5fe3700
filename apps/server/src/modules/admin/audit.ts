/**
 * The audit log (Step 22, decision 0032): every operator action — who, when, from where, what,
 * before and after — appended in the transaction of the action itself, so an action and its entry
 * are written together or not at all, and chained (db/audit-chain.ts) so reconcile sees a change.
 */
import { and, count, desc, eq, ilike } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AdminParsed, AdminResponse, AuditEntry } from "@platform/api-client/admin";
import { likeEscaped, numbered, orderOf } from "./records";
import type { Db } from "../../db/database";
import { LockKind, lockUntilCommit } from "../../db/locks";
import { auditLog } from "../../db/schema";
import { chainHash } from "../../db/audit-chain";

/** Who acts: an operator of the console, or a command run on the server's machine. */
export interface AuditActor {
  readonly operatorId: number | null;
  readonly actor: string;
  readonly address: string | null;
  readonly requestId: string | null;
}

type AuditRow = typeof auditLog.$inferSelect;

export interface AuditRecord {
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string | number;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly reason?: string | null;
}

/** A plain JSON value (dates as ISO text), as jsonb will give it back. */
function plain(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** Append one action to the log, in the action's own transaction. */
export async function writeAudit(tx: Db, who: AuditActor, record: AuditRecord, at: Date): Promise<void> {
  await lockUntilCommit(tx, LockKind.auditChain, "audit");
  const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const row = {
    operatorId: who.operatorId,
    actor: who.actor,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    before: plain(record.before),
    after: plain(record.after),
    reason: record.reason ?? null,
    address: who.address,
    requestId: who.requestId,
    at: new Date(Math.floor(at.getTime())),
  };
  await tx.insert(auditLog).values({ ...row, hash: chainHash(last?.hash ?? "", row) });
}

export function auditRecord(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    actor: row.actor,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    address: row.address,
    requestId: row.requestId,
    at: row.at.toISOString(),
  };
}

/** Searching the log: by actor, action, target; newest first. */
export async function searchAudit(
  db: Db,
  body: AdminParsed<"audit.search">,
): Promise<AdminResponse<"audit.search">> {
  const filters: SQL[] = [];
  if (body.actor !== "") filters.push(ilike(auditLog.actor, `%${likeEscaped(body.actor)}%`));
  if (body.action !== "") filters.push(ilike(auditLog.action, `%${likeEscaped(body.action)}%`));
  if (body.targetType !== "") filters.push(eq(auditLog.targetType, body.targetType));
  if (body.targetId !== "") filters.push(eq(auditLog.targetId, body.targetId));
  const where = filters.length === 0 ? undefined : and(...filters);
  const { rows, total } = await numbered(
    body,
    (limit, offset) =>
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(
          ...orderOf(
            body.sort,
            { at: auditLog.at, actor: auditLog.actor, action: auditLog.action },
            auditLog.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
  );
  return { items: rows.map(auditRecord), total, page: body.page, size: body.size };
}
