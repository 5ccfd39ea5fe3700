/**
 * The audit log's chain (Step 22, decision 0032): rows are never changed (a trigger refuses
 * UPDATE, DELETE and TRUNCATE) and each carries sha256(previous hash, this row), which
 * `verifyAuditChain` (reconcile) walks: a row changed or removed around the trigger breaks the chain
 * from there on.
 */
import { asc, gt } from "drizzle-orm";
import type { Db } from "./database";
import { auditLog } from "./schema";
import { sha256 } from "../security/hashing";

type AuditRow = typeof auditLog.$inferSelect;

/** JSON with every object's keys sorted (jsonb keeps no order): the same value, the same text. */
export function canonical(value: unknown): string {
  if (value === undefined || value === null) return "null";
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The hash of a row given the one before it (a row removed breaks the next one's). */
export function chainHash(previous: string, row: Omit<AuditRow, "hash" | "id">): string {
  return sha256(
    canonical([
      previous,
      row.operatorId,
      row.actor,
      row.action,
      row.targetType,
      row.targetId,
      row.before,
      row.after,
      row.reason,
      row.address,
      row.requestId,
      row.at.toISOString(),
    ]),
  );
}

/** The first row whose hash does not follow from the rows before it, or null: the chain holds. */
export async function verifyAuditChain(db: Db): Promise<{ id: number; rows: number } | null> {
  let previous = "";
  let after = 0;
  let rows = 0;
  for (;;) {
    const page = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, after))
      .orderBy(asc(auditLog.id))
      .limit(1000);
    if (page.length === 0) return null;
    for (const row of page) {
      rows += 1;
      if (chainHash(previous, row) !== row.hash) return { id: row.id, rows };
      previous = row.hash;
      after = row.id;
    }
  }
}
