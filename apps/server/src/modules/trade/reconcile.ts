/**
 * Reconciliation (decision 0014): proves the books from the rows themselves. Every journal sums
 * to zero over at least two entries; every account's balance is the sum of its entries; all
 * balances together (people's and the platform's) are zero; no person's balance is negative;
 * every paid purchase (and live ticket, membership, game bet) has its debit, every game win its
 * settled bet; every settled recharge its credit of what was received and
 * no other; every withdrawal its hold, and its payout or return exactly when it ended so; the
 * hold is what pending withdrawals asked for; suspense is what held payments paid, and every
 * voided bet has its stake back; every journal names its cause (decision 0023); every sale's
 * author share and every applied adjustment has its entry, and the audit log's chain holds
 * (decision 0032).
 * `pnpm -F @platform/server reconcile` prints it.
 */
import { rowsOf } from "../../db/subqueries";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/database";
import { verifyAuditChain } from "../../db/audit-chain";

export interface Drift {
  readonly check: string;
  readonly rows: readonly Record<string, unknown>[];
}

export interface ReconcileReport {
  readonly journals: number;
  readonly entries: number;
  readonly accounts: number;
  readonly drift: readonly Drift[];
}

const checks: readonly { readonly check: string; readonly query: ReturnType<typeof sql> }[] = [
  {
    check: "journals without their cause (who, and for a person's or a provider's, which request)",
    query: sql`SELECT id, kind, reference, actor, actor_id FROM journals
      WHERE actor IS NULL OR actor_id IS NULL OR actor_id = ''
         OR (actor IN ('person', 'provider') AND request_id IS NULL AND actor_id <> 'before-audit')`,
  },
  {
    check: "journals that do not sum to zero, or have fewer than two entries",
    query: sql`SELECT j.id, j.kind, j.reference, COALESCE(SUM(e.amount), 0)::text AS sum, COUNT(e.id)::int AS entries
      FROM journals j LEFT JOIN ledger_entries e ON e.journal_id = j.id
      GROUP BY j.id HAVING COALESCE(SUM(e.amount), 0) <> 0 OR COUNT(e.id) < 2`,
  },
  {
    check: "accounts whose balance is not the sum of their entries",
    query: sql`SELECT a.id, a.user_id, a.type, a.balance::text, COALESCE(SUM(e.amount), 0)::text AS entries
      FROM wallet_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      GROUP BY a.id HAVING a.balance <> COALESCE(SUM(e.amount), 0)`,
  },
  {
    check: "all balances together are not zero",
    query: sql`SELECT SUM(balance)::text AS total FROM wallet_accounts HAVING COALESCE(SUM(balance), 0) <> 0`,
  },
  {
    check: "a person's balance below zero",
    query: sql`SELECT id, user_id, type, balance::text FROM wallet_accounts WHERE user_id IS NOT NULL AND balance < 0`,
  },
  {
    check: "paid purchases without their debit",
    query: sql`SELECT p.id, p.user_id, p.amount::text FROM purchases p WHERE p.amount > 0 AND NOT EXISTS (
      SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
      WHERE j.kind = 'BUY_VIDEO' AND j.reference = 'purchases:' || p.id AND e.user_id = p.user_id AND e.amount = -p.amount)`,
  },
  {
    check: "live tickets without their debit",
    query: sql`SELECT t.id, t.user_id, t.amount::text FROM live_tickets t WHERE t.amount > 0 AND NOT EXISTS (
      SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
      WHERE j.kind = 'BUY_LIVE_TICKET' AND j.reference = 'live_tickets:' || t.id AND e.user_id = t.user_id AND e.amount = -t.amount)`,
  },
  {
    check: "refunded purchases without their refund",
    query: sql`SELECT p.id, p.user_id, p.amount::text FROM purchases p WHERE p.refunded_at IS NOT NULL AND p.amount > 0 AND NOT EXISTS (
      SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
      WHERE j.kind = 'REFUND_VIDEO' AND j.reference = 'purchases:' || p.id AND e.user_id = p.user_id AND e.amount = p.amount)`,
  },
  {
    check: "video refunds without a refunded purchase",
    query: sql`SELECT j.id, j.reference FROM journals j WHERE j.kind = 'REFUND_VIDEO' AND NOT EXISTS (
      SELECT 1 FROM purchases p WHERE j.reference = 'purchases:' || p.id AND p.refunded_at IS NOT NULL)`,
  },
  {
    check: "game bets without their debit",
    query: sql`SELECT b.provider, b.transaction_id, b.user_id, b.amount::text FROM game_bets b WHERE NOT EXISTS (
      SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
      WHERE j.kind = 'GAME_BET' AND j.reference = b.provider || ':' || b.transaction_id AND e.user_id = b.user_id
      GROUP BY j.id HAVING SUM(e.amount) = -b.amount)`,
  },
  {
    check: "game bet debits without a bet",
    query: sql`SELECT j.id, j.reference FROM journals j WHERE j.kind = 'GAME_BET' AND NOT EXISTS (
      SELECT 1 FROM game_bets b WHERE j.reference = b.provider || ':' || b.transaction_id)`,
  },
  {
    check: "game wins not what their settled bet won",
    query: sql`SELECT b.provider, b.transaction_id, b.user_id, b.won::text FROM game_bets b
      WHERE b.settled_at IS NOT NULL AND COALESCE(b.won, 0) <> COALESCE((
        SELECT SUM(e.amount) FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
        WHERE j.kind = 'GAME_WIN' AND j.reference = b.provider || ':settle:' || b.transaction_id AND e.user_id = b.user_id), 0)`,
  },
  {
    check: "game wins without a settled bet",
    query: sql`SELECT j.id, j.reference FROM journals j WHERE j.kind = 'GAME_WIN' AND NOT EXISTS (
      SELECT 1 FROM game_bets b WHERE j.reference = b.provider || ':settle:' || b.transaction_id AND b.settled_at IS NOT NULL)`,
  },
  {
    check: "memberships sold without their debit",
    query: sql`SELECT o.id, o.user_id, o.amount::text FROM vip_orders o WHERE o.amount > 0 AND NOT EXISTS (
      SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
      WHERE j.kind = 'MEMBERSHIP' AND j.reference = 'vip_orders:' || o.id AND e.user_id = o.user_id AND e.amount = -o.amount)`,
  },
  {
    check: "membership debits without a membership sold",
    query: sql`SELECT j.id, j.reference FROM journals j WHERE j.kind = 'MEMBERSHIP' AND NOT EXISTS (
      SELECT 1 FROM vip_orders o WHERE j.reference = 'vip_orders:' || o.id)`,
  },
  {
    check: "settled recharges without the credit of what was received",
    query: sql`SELECT o.order_num, o.status, o.received_amount::text FROM recharge_orders o
      WHERE o.status IN ('PAYMENT_SUCCESSFUL', 'COMPLETE_CHANGE') AND NOT EXISTS (
        SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
        WHERE j.kind = 'RECHARGE' AND j.reference = o.order_num AND e.user_id = o.user_id AND e.amount = o.received_amount)`,
  },
  {
    check: "recharge credits of orders that did not settle",
    query: sql`SELECT j.id, j.reference FROM journals j WHERE j.kind = 'RECHARGE' AND NOT EXISTS (
      SELECT 1 FROM recharge_orders o WHERE o.order_num = j.reference AND o.status IN ('PAYMENT_SUCCESSFUL', 'COMPLETE_CHANGE'))`,
  },
  {
    check: "held or refunded recharges without what was paid in suspense",
    query: sql`SELECT o.order_num, o.status, o.received_amount::text FROM recharge_orders o
      WHERE o.status IN ('HELD', 'REFUNDED') AND NOT EXISTS (
        SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
        WHERE j.kind = 'RECHARGE_HELD' AND j.reference = o.order_num AND e.user_id IS NULL AND e.amount = o.received_amount)`,
  },
  {
    check: "refunded recharges without their refund, or refunds of recharges not refunded",
    query: sql`SELECT o.order_num, o.status FROM recharge_orders o
      WHERE (o.status = 'REFUNDED') <> EXISTS (SELECT 1 FROM journals j WHERE j.kind = 'RECHARGE_REFUND' AND j.reference = o.order_num)`,
  },
  {
    check: "suspense is not what held payments paid",
    query: sql`SELECT (SELECT COALESCE(SUM(balance), 0) FROM wallet_accounts WHERE user_id IS NULL AND type = 'SUSPENSE')::text AS suspense,
        (SELECT COALESCE(SUM(received_amount), 0) FROM recharge_orders WHERE status = 'HELD')::text AS held
      WHERE (SELECT COALESCE(SUM(balance), 0) FROM wallet_accounts WHERE user_id IS NULL AND type = 'SUSPENSE')
         <> (SELECT COALESCE(SUM(received_amount), 0) FROM recharge_orders WHERE status = 'HELD')`,
  },
  {
    check: "voided game bets without their stake given back, or stakes given back for bets not voided",
    query: sql`SELECT b.provider, b.transaction_id, b.voided_at IS NOT NULL AS voided FROM game_bets b
      WHERE (b.voided_at IS NOT NULL) <> EXISTS (
        SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
        WHERE j.kind = 'GAME_VOID' AND j.reference = b.provider || ':void:' || b.transaction_id AND e.user_id = b.user_id
        GROUP BY j.id HAVING SUM(e.amount) = b.amount)`,
  },
  {
    check: "withdrawals without their hold",
    query: sql`SELECT o.order_num, o.status FROM withdraw_orders o WHERE NOT EXISTS (
      SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
      WHERE j.kind = 'WITHDRAW' AND j.reference = o.order_num AND e.user_id = o.user_id AND e.amount = -o.application_amount)`,
  },
  {
    check: "withdrawals whose ending does not match their journals",
    query: sql`SELECT o.order_num, o.status,
        EXISTS (SELECT 1 FROM journals j WHERE j.kind = 'WITHDRAW_PAYOUT' AND j.reference = o.order_num) AS paid_out,
        EXISTS (SELECT 1 FROM journals j WHERE j.kind = 'WITHDRAW_RETURN' AND j.reference = o.order_num) AS returned
      FROM withdraw_orders o
      WHERE (o.status IN ('WITHDRAW_SUCCESS', 'WITHDRAW_CHANGE')) <> EXISTS (SELECT 1 FROM journals j WHERE j.kind = 'WITHDRAW_PAYOUT' AND j.reference = o.order_num)
         OR (o.status IN ('WITHDRAW_FAILED', 'CANCELLED')) <> EXISTS (SELECT 1 FROM journals j WHERE j.kind = 'WITHDRAW_RETURN' AND j.reference = o.order_num)`,
  },
  {
    check: "the withdrawal hold is not what pending withdrawals asked for",
    query: sql`SELECT (SELECT COALESCE(SUM(balance), 0) FROM wallet_accounts WHERE user_id IS NULL AND type = 'WITHDRAW_HOLD')::text AS hold,
        (SELECT COALESCE(SUM(application_amount), 0) FROM withdraw_orders WHERE status = 'WITHDRAWING')::text AS pending
      WHERE (SELECT COALESCE(SUM(balance), 0) FROM wallet_accounts WHERE user_id IS NULL AND type = 'WITHDRAW_HOLD')
         <> (SELECT COALESCE(SUM(application_amount), 0) FROM withdraw_orders WHERE status = 'WITHDRAWING')`,
  },
  {
    check: "sales whose author's share (purchases.author_share) is not the author's entry of the sale",
    query: sql`SELECT p.id, p.author_share::text AS share FROM purchases p JOIN videos v ON v.id = p.video_id
      WHERE p.author_share > 0 AND NOT EXISTS (
        SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
        WHERE j.kind = 'BUY_VIDEO' AND j.reference = 'purchases:' || p.id
          AND e.user_id = v.author_id AND e.amount = p.author_share)`,
  },
  {
    check: "applied adjustments without their journal, or adjustment journals without an applied adjustment",
    query: sql`SELECT a.id::text AS id, 'no journal' AS problem FROM adjustments a
      WHERE a.status = 'APPLIED' AND NOT EXISTS (
        SELECT 1 FROM journals j JOIN ledger_entries e ON e.journal_id = j.id
        WHERE j.kind = 'ADJUSTMENT' AND j.reference = 'adjustments:' || a.id
          AND e.user_id = a.user_id AND e.amount = a.amount)
      UNION ALL
      SELECT j.reference, 'no applied adjustment' FROM journals j WHERE j.kind = 'ADJUSTMENT' AND NOT EXISTS (
        SELECT 1 FROM adjustments a WHERE a.status = 'APPLIED' AND j.reference = 'adjustments:' || a.id)`,
  },
];

/** Run every check in one snapshot (REPEATABLE READ: a busy server cannot show a half-written movement). */
export async function reconcile(db: Db): Promise<ReconcileReport> {
  return db.transaction(
    async (tx) => {
      const drift: Drift[] = [];
      for (const { check, query } of checks) {
        const rows = rowsOf(await tx.execute(query));
        if (rows.length > 0) drift.push({ check, rows: rows.slice(0, 20) });
      }
      // The audit log's chain (decision 0032): a row changed or removed around its trigger.
      const broken = await verifyAuditChain(tx);
      if (broken)
        drift.push({
          check: "the audit log's hash chain (a row changed or removed)",
          rows: [{ firstBrokenId: broken.id }],
        });
      const [counts] = rowsOf(
        await tx.execute(sql`SELECT (SELECT COUNT(*) FROM journals)::int AS journals,
          (SELECT COUNT(*) FROM ledger_entries)::int AS entries, (SELECT COUNT(*) FROM wallet_accounts)::int AS accounts`),
      );
      return {
        journals: Number(counts?.journals ?? 0),
        entries: Number(counts?.entries ?? 0),
        accounts: Number(counts?.accounts ?? 0),
        drift,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The report as the command prints it. */
export function describeReport(report: ReconcileReport): string {
  const head = `reconcile: ${String(report.journals)} journals, ${String(report.entries)} entries, ${String(report.accounts)} accounts`;
  if (report.drift.length === 0) return `${head}: zero drift`;
  return [
    `${head}: DRIFT in ${String(report.drift.length)} check(s)`,
    ...report.drift.map((d) => `- ${d.check}:\n${d.rows.map((r) => `    ${JSON.stringify(r)}`).join("\n")}`),
  ].join("\n");
}
