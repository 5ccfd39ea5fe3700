/**
 * The console's dashboard (Step 22): today and the last days, per UTC day — sign-ups, active
 * viewers (people who played something), plays, recharges received, revenue (what the platform's
 * REVENUE account kept: sales less creators' shares and refunds), payouts paid, membership sales —
 * and what waits now: open reports, the review backlog, held payments, adjustments to approve,
 * rooms live.
 */
import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AdminResponse, DayFigures } from "@platform/api-client/admin";
import { RechargeStatus, WithdrawStatus, reviewQueueStatuses } from "@platform/domain";
import type { AppContext } from "../../context";
import { rowsOf } from "../../db/subqueries";

type Figure = Exclude<keyof DayFigures, "day">;

/** One figure per day since `from`: a query answering rows of (day, value). */
function figures(from: Date): Record<Figure, SQL> {
  const paid = [RechargeStatus.PAYMENT_SUCCESSFUL, RechargeStatus.COMPLETE_CHANGE];
  const paidOut = [WithdrawStatus.WITHDRAW_SUCCESS, WithdrawStatus.WITHDRAW_CHANGE];
  const day = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return {
    signUps: sql`SELECT ${day(sql`created_at`)} AS day, count(*)::bigint AS value FROM users
      WHERE created_at >= ${from} GROUP BY 1`,
    activeViewers: sql`SELECT ${day(sql`browsed_at`)} AS day, count(DISTINCT user_id)::bigint AS value
      FROM watch_history WHERE browsed_at >= ${from} GROUP BY 1`,
    plays: sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(plays)::bigint AS value FROM video_daily_plays
      WHERE day >= ${from.toISOString().slice(0, 10)}::date GROUP BY 1`,
    recharges: sql`SELECT ${day(sql`payment_time`)} AS day, sum(received_amount)::bigint AS value
      FROM recharge_orders WHERE payment_time >= ${from} AND status IN (${sql.join(
        paid.map((s) => sql`${s}`),
        sql`, `,
      )}) GROUP BY 1`,
    revenue: sql`SELECT ${day(sql`e.created_at`)} AS day, sum(e.amount)::bigint AS value
      FROM ledger_entries e JOIN wallet_accounts a ON a.id = e.account_id
      WHERE e.created_at >= ${from} AND a.user_id IS NULL AND a.type = 'REVENUE' GROUP BY 1`,
    payouts: sql`SELECT ${day(sql`payment_time`)} AS day, sum(received_amount)::bigint AS value
      FROM withdraw_orders WHERE payment_time >= ${from} AND status IN (${sql.join(
        paidOut.map((s) => sql`${s}`),
        sql`, `,
      )}) GROUP BY 1`,
    membershipSales: sql`SELECT ${day(sql`created_at`)} AS day, sum(amount)::bigint AS value FROM vip_orders
      WHERE created_at >= ${from} GROUP BY 1`,
  };
}

export async function dashboard(ctx: AppContext, days: number): Promise<AdminResponse<"dashboard.summary">> {
  const now = ctx.now();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  const list: DayFigures[] = Array.from({ length: days }, (_, i) => ({
    day: new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10),
    signUps: 0,
    activeViewers: 0,
    plays: 0,
    recharges: 0,
    revenue: 0,
    payouts: 0,
    membershipSales: 0,
  }));
  const byDay = new Map(list.map((d) => [d.day, d]));
  const queries = figures(from);
  for (const [figure, query] of Object.entries(queries) as [Figure, SQL][]) {
    for (const row of rowsOf<{ day: string; value: string | number | null }>(await ctx.db.execute(query))) {
      const entry = byDay.get(row.day);
      if (entry) entry[figure] = Number(row.value ?? 0);
    }
  }
  const waiting = (statuses: readonly number[]) =>
    sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    );
  const [counts] = rowsOf<Record<string, string | number>>(
    await ctx.db.execute(sql`SELECT
      (SELECT count(DISTINCT (target_type, target_id)) FROM reports WHERE resolved_at IS NULL) AS open_reports,
      (SELECT count(*) FROM videos WHERE deleted_at IS NULL AND status IN (${waiting(reviewQueueStatuses)}))
        + (SELECT count(*) FROM video_edits e JOIN videos v ON v.id = e.video_id
           WHERE v.deleted_at IS NULL AND e.status IN (40, 50)) AS review_backlog,
      (SELECT count(*) FROM recharge_orders WHERE status = ${RechargeStatus.HELD}) AS held_payments,
      (SELECT count(*) FROM adjustments WHERE status = 'PENDING') AS pending_adjustments,
      (SELECT count(*) FROM live_rooms WHERE status = 'LIVE') AS live_rooms`),
  );
  const last = list.at(-1);
  if (!last) throw new Error("a dashboard of no days");
  return {
    today: last,
    days: list,
    now: {
      openReports: Number(counts?.open_reports ?? 0),
      reviewBacklog: Number(counts?.review_backlog ?? 0),
      heldPayments: Number(counts?.held_payments ?? 0),
      pendingAdjustments: Number(counts?.pending_adjustments ?? 0),
      liveRooms: Number(counts?.live_rooms ?? 0),
    },
  };
}
