/**
 * The console's money desk (Step 22): recharge and withdrawal orders, held payments (Step 17)
 * credited or refunded, payouts whose job gave up retried or returned, manual adjustments as ledger
 * journals (a second finance operator approves those above ADJUSTMENT_APPROVAL_ABOVE), and
 * reconcile on demand. Every act is recorded in the audit log in its own transaction.
 */
import { and, count, eq, ilike, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AdminParsed, AdminResponse, OrderRow } from "@platform/api-client/admin";
import { BusinessCode, RechargeStatus, WithdrawStatus } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { jobs, rechargeOrders, users, withdrawOrders } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { enqueue } from "../../jobs/runner";
import { HeldPaymentError, creditHeld, refundHeld } from "../trade/held";
import type { HeldRecord } from "../trade/held";
import { applyPayout } from "../trade/payout";
import { providerOf } from "../trade/providers";
import { reconcile } from "../trade/reconcile";
import { writeAudit } from "./audit";
import type { AdminInput } from "./route";
import { likeEscaped, numbered, orderOf, personById, personColumns, personOf } from "./records";
import type { Paged } from "./records";

type Recharge = typeof rechargeOrders.$inferSelect;
type Withdraw = typeof withdrawOrders.$inferSelect;

/** An order as the console lists it: a recharge (its pay method) or a withdrawal (its type). */
export function orderRecord(
  order: Recharge | Withdraw,
  who: { id: number; nickName: string; memberId: string },
): OrderRow {
  return {
    orderNum: order.orderNum,
    kind: "payMethod" in order ? "recharge" : "withdraw",
    person: personOf(who),
    method: "payMethod" in order ? order.payMethod : order.withdrawType,
    amount: order.applicationAmount,
    settledAmount: order.receivedAmount,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    failReason: order.failureReason ?? order.cancelReason,
  };
}

/** Recharge or withdrawal orders: by status, by order number, phone, member ID or nickname. */
export async function ordersPage(
  ctx: AppContext,
  body: AdminParsed<"money.orders">,
  userId: number | null = null,
  /** A further condition on the orders (the failed payouts'). */
  also?: SQL,
): Promise<AdminResponse<"money.orders">> {
  const table = body.kind === "recharge" ? rechargeOrders : withdrawOrders;
  const text = likeEscaped(body.search);
  const where = and(
    also,
    userId === null ? undefined : eq(table.userId, userId),
    body.status === "" ? undefined : eq(table.status, body.status),
    body.search === ""
      ? undefined
      : or(
          ilike(table.orderNum, `%${text}%`),
          eq(users.mobile, body.search),
          eq(users.memberId, body.search),
          ilike(users.nickName, `%${text}%`),
        ),
  );
  const { rows, total } = await numbered(
    body,
    (limit, offset) =>
      ctx.db
        .select({ order: table, person: personColumns })
        .from(table)
        .innerJoin(users, eq(users.id, table.userId))
        .where(where)
        .orderBy(
          ...orderOf(
            body.sort,
            { createdAt: table.createdAt, amount: table.applicationAmount, status: table.status },
            table.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    ctx.db.select({ n: count() }).from(table).innerJoin(users, eq(users.id, table.userId)).where(where),
  );
  return {
    items: rows.map((r) => orderRecord(r.order, r.person)),
    total,
    page: body.page,
    size: body.size,
  };
}

export function heldPage(ctx: AppContext, body: Paged) {
  return ordersPage(ctx, { ...body, kind: "recharge", status: RechargeStatus.HELD, search: "" });
}

/** A refusal of the held-payment commands, in the console's words. */
function heldRefusal(error: unknown, orderNum: string): never {
  if (error instanceof HeldPaymentError)
    throw new BusinessError(
      error.message.startsWith("no ") ? BusinessCode.notFound : BusinessCode.conflict,
      error.message.startsWith("no ") ? ServerMessage.notFound : ServerMessage.orderNotActionable,
      { orderNum, status: /is (\w+)/.exec(error.message)?.[1] ?? "" },
    );
  throw error;
}

/** An operator's decision on a held payment, recorded with its reason; a refusal in the console's words. */
async function heldDecision(
  ctx: AppContext,
  { body, who }: AdminInput<"money.creditHeld" | "money.refundHeld">,
  action: "money.creditHeld" | "money.refundHeld",
  decide: (record: HeldRecord) => Promise<Recharge>,
) {
  const order = await decide((tx, before, after) =>
    writeAudit(
      tx,
      who,
      {
        action,
        targetType: "recharge",
        targetId: body.orderNum,
        before: { status: before.status, receivedAmount: before.receivedAmount },
        after: { status: after.status, receivedAmount: after.receivedAmount },
        reason: body.reason,
      },
      ctx.now(),
    ),
  ).catch((error: unknown) => heldRefusal(error, body.orderNum));
  return orderRecord(order, await personById(ctx.db, order.userId));
}

/** Credit a held payment to its person's gold. */
export function creditHeldAct(ctx: AppContext, input: AdminInput<"money.creditHeld">) {
  return heldDecision(ctx, input, "money.creditHeld", (record) =>
    creditHeld(ctx.db, input.body.orderNum, record),
  );
}

/** Give a held payment back to its payer through its provider. */
export function refundHeldAct(ctx: AppContext, input: AdminInput<"money.refundHeld">) {
  return heldDecision(ctx, input, "money.refundHeld", (record) =>
    refundHeld(ctx.db, (channel) => providerOf(ctx, channel), input.body.orderNum, record),
  );
}

/**
 * Withdrawals still WITHDRAWING whose payout job ran out of attempts (the provider kept failing)
 * and that no job will take again: an operator retries or returns them.
 */
function failedPayoutCondition() {
  return and(
    eq(withdrawOrders.status, WithdrawStatus.WITHDRAWING),
    sql`EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.key} = 'withdraw.payout:' || ${withdrawOrders.orderNum}
      AND ${jobs.failedAt} IS NOT NULL)`,
    sql`NOT EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.key} = 'withdraw.payout:' || ${withdrawOrders.orderNum}
      AND ${jobs.failedAt} IS NULL AND ${jobs.doneAt} IS NULL)`,
  );
}

export function failedPayoutsPage(
  ctx: AppContext,
  body: Paged,
): Promise<AdminResponse<"money.failedPayouts">> {
  return ordersPage(
    ctx,
    { ...body, kind: "withdraw", status: "", search: "" },
    null,
    failedPayoutCondition(),
  );
}

async function failedPayout(db: Db, orderNum: string) {
  const [row] = await db
    .select({ order: withdrawOrders, person: personColumns })
    .from(withdrawOrders)
    .innerJoin(users, eq(users.id, withdrawOrders.userId))
    .where(and(eq(withdrawOrders.orderNum, orderNum), failedPayoutCondition()));
  if (row) return row;
  const [any] = await db.select().from(withdrawOrders).where(eq(withdrawOrders.orderNum, orderNum));
  if (!any) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  throw new BusinessError(BusinessCode.conflict, ServerMessage.orderNotActionable, {
    orderNum,
    status: any.status,
  });
}

/** Send a payout again: a new payout job, now. */
export async function retryPayout(ctx: AppContext, { body, who }: AdminInput<"money.retryPayout">) {
  const { order, person: owner } = await failedPayout(ctx.db, body.orderNum);
  await ctx.db.transaction(async (tx) => {
    await enqueue(tx, {
      kind: "withdraw.payout",
      key: `withdraw.payout:${order.orderNum}`,
      payload: { orderNum: order.orderNum },
      runAt: ctx.now(),
    });
    await writeAudit(
      tx,
      who,
      {
        action: "money.retryPayout",
        targetType: "withdraw",
        targetId: order.orderNum,
        before: { status: order.status },
        after: { status: order.status, payoutQueued: true },
        reason: body.reason,
      },
      ctx.now(),
    );
  });
  return orderRecord(order, owner);
}

/** Give a failed payout's held amount back to the person: the order fails, as a provider's refusal would. */
export async function returnPayout(ctx: AppContext, { body, who }: AdminInput<"money.returnPayout">) {
  const { order, person: owner } = await failedPayout(ctx.db, body.orderNum);
  await applyPayout(
    ctx,
    order.provider,
    order.orderNum,
    { status: "FAILED", paidAmount: null, failureCode: "OPERATOR_RETURNED" },
    "operator",
    (tx, before, after) =>
      writeAudit(
        tx,
        who,
        {
          action: "money.returnPayout",
          targetType: "withdraw",
          targetId: order.orderNum,
          before: { status: before.status },
          after: { status: after.status, returned: after.applicationAmount },
          reason: body.reason,
        },
        ctx.now(),
      ),
  );
  const [after] = await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, order.id));
  return orderRecord(after ?? order, owner);
}

/** Reconcile now, with the platform accounts' totals beside the drift. */
export async function reconcileNow(ctx: AppContext): Promise<AdminResponse<"money.reconcile">> {
  const report = await reconcile(ctx.db);
  const totals = await ctx.db.execute(sql`SELECT type, SUM(balance)::text AS total FROM wallet_accounts
    WHERE user_id IS NULL GROUP BY type ORDER BY type`);
  return {
    checkedAt: ctx.now().toISOString(),
    drift: report.drift.map((d) => ({
      check: d.check,
      rows: d.rows.length,
      sample: JSON.stringify(d.rows[0] ?? {}),
    })),
    totals: Object.fromEntries(
      (totals as { rows: { type: string; total: string }[] }).rows.map((r) => [r.type, Number(r.total)]),
    ),
  };
}
