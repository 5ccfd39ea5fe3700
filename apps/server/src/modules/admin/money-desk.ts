/**
 * The console's money desk (Step 22): recharge and withdrawal orders, held payments (Step 17)
 * credited or refunded, payouts whose job gave up retried or returned, manual adjustments as ledger
 * journals (a second finance operator approves those above ADJUSTMENT_APPROVAL_ABOVE), and
 * reconcile on demand. Every act is recorded in the audit log in its own transaction.
 */
import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { AdminParsed, AdminResponse, Adjustment, OrderRow } from "@platform/api-client/admin";
import { BusinessCode, RechargeStatus, WithdrawStatus, formatAmount } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { lockPeople } from "../../db/locks";
import { adjustments, jobs, operators, rechargeOrders, users, withdrawOrders } from "../../db/schema";
import { transact } from "../../db/transaction";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { enqueue } from "../../jobs/runner";
import { BalanceType, PlatformAccount, balancesOf, platform, post, userAccount } from "../ledger/wallet";
import { HeldPaymentError, creditHeld, refundHeld } from "../trade/held";
import { applyPayout } from "../trade/payout";
import { providerOf } from "../trade/providers";
import { reconcile } from "../trade/reconcile";
import { writeAudit } from "./audit";
import type { AdminInput } from "./route";

interface Paged {
  readonly page: number;
  readonly size: number;
}
const person = { id: users.id, nickName: users.nickName, memberId: users.memberId };
const personOf = (p: { id: number; nickName: string; memberId: string }) => ({
  id: String(p.id),
  nickName: p.nickName,
  memberId: p.memberId,
});
const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type Recharge = typeof rechargeOrders.$inferSelect;
type Withdraw = typeof withdrawOrders.$inferSelect;

export function rechargeRecord(
  order: Recharge,
  who: { id: number; nickName: string; memberId: string },
): OrderRow {
  return {
    orderNum: order.orderNum,
    kind: "recharge",
    person: personOf(who),
    method: order.payMethod,
    amount: order.applicationAmount,
    settledAmount: order.receivedAmount,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    failReason: order.failureReason ?? order.cancelReason,
  };
}

export function withdrawRecord(
  order: Withdraw,
  who: { id: number; nickName: string; memberId: string },
): OrderRow {
  return {
    orderNum: order.orderNum,
    kind: "withdraw",
    person: personOf(who),
    method: order.withdrawType,
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
): Promise<AdminResponse<"money.orders">> {
  const table = body.kind === "recharge" ? rechargeOrders : withdrawOrders;
  const text = escape(body.search);
  const where = and(
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
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ order: table, person })
      .from(table)
      .innerJoin(users, eq(users.id, table.userId))
      .where(where)
      .orderBy(desc(table.id))
      .limit(body.size)
      .offset((body.page - 1) * body.size),
    ctx.db.select({ n: count() }).from(table).innerJoin(users, eq(users.id, table.userId)).where(where),
  ]);
  return {
    items: rows.map((r) =>
      body.kind === "recharge"
        ? rechargeRecord(r.order as Recharge, r.person)
        : withdrawRecord(r.order as Withdraw, r.person),
    ),
    total: total?.n ?? 0,
    page: body.page,
    size: body.size,
  };
}

export function heldPage(ctx: AppContext, body: Paged) {
  return ordersPage(ctx, { ...body, kind: "recharge", status: RechargeStatus.HELD, search: "" });
}

async function personById(db: Db, userId: number) {
  const [row] = await db.select(person).from(users).where(eq(users.id, userId));
  if (!row) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return row;
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

export async function creditHeldAct(ctx: AppContext, { body, who }: AdminInput<"money.creditHeld">) {
  const order = await creditHeld(ctx.db, body.orderNum, (tx, before, after) =>
    writeAudit(
      tx,
      who,
      {
        action: "money.creditHeld",
        targetType: "recharge",
        targetId: body.orderNum,
        before: { status: before.status, receivedAmount: before.receivedAmount },
        after: { status: after.status, credited: after.receivedAmount },
        reason: body.reason,
      },
      ctx.now(),
    ),
  ).catch((error: unknown) => heldRefusal(error, body.orderNum));
  return rechargeRecord(order, await personById(ctx.db, order.userId));
}

export async function refundHeldAct(ctx: AppContext, { body, who }: AdminInput<"money.refundHeld">) {
  const order = await refundHeld(
    ctx.db,
    (channel) => providerOf(ctx, channel),
    body.orderNum,
    (tx, before, after) =>
      writeAudit(
        tx,
        who,
        {
          action: "money.refundHeld",
          targetType: "recharge",
          targetId: body.orderNum,
          before: { status: before.status, receivedAmount: before.receivedAmount },
          after: { status: after.status },
          reason: body.reason,
        },
        ctx.now(),
      ),
  ).catch((error: unknown) => heldRefusal(error, body.orderNum));
  return rechargeRecord(order, await personById(ctx.db, order.userId));
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

export async function failedPayoutsPage(
  ctx: AppContext,
  body: Paged,
): Promise<AdminResponse<"money.failedPayouts">> {
  const where = failedPayoutCondition();
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ order: withdrawOrders, person })
      .from(withdrawOrders)
      .innerJoin(users, eq(users.id, withdrawOrders.userId))
      .where(where)
      .orderBy(desc(withdrawOrders.id))
      .limit(body.size)
      .offset((body.page - 1) * body.size),
    ctx.db.select({ n: count() }).from(withdrawOrders).where(where),
  ]);
  return {
    items: rows.map((r) => withdrawRecord(r.order, r.person)),
    total: total?.n ?? 0,
    page: body.page,
    size: body.size,
  };
}

async function failedPayout(db: Db, orderNum: string) {
  const [row] = await db
    .select({ order: withdrawOrders, person })
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
  return withdrawRecord(order, owner);
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
  return withdrawRecord(after ?? order, owner);
}

function adjustmentRecord(
  row: typeof adjustments.$inferSelect,
  who: { id: number; nickName: string; memberId: string },
  names: ReadonlyMap<number, string>,
): Adjustment {
  return {
    id: String(row.id),
    person: personOf(who),
    balanceType: row.balanceType as Adjustment["balanceType"],
    amount: row.amount,
    reason: row.reason,
    status: row.status as Adjustment["status"],
    requestedBy: names.get(row.requestedBy) ?? String(row.requestedBy),
    decidedBy: row.decidedBy === null ? null : (names.get(row.decidedBy) ?? String(row.decidedBy)),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

async function operatorNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: operators.id, name: operators.name }).from(operators);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function adjustmentsPage(
  ctx: AppContext,
  body: AdminParsed<"money.adjustments">,
): Promise<AdminResponse<"money.adjustments">> {
  const where = body.pending ? eq(adjustments.status, "PENDING") : undefined;
  const [rows, [total], names] = await Promise.all([
    ctx.db
      .select({ row: adjustments, person })
      .from(adjustments)
      .innerJoin(users, eq(users.id, adjustments.userId))
      .where(where)
      .orderBy(desc(adjustments.id))
      .limit(body.size)
      .offset((body.page - 1) * body.size),
    ctx.db.select({ n: count() }).from(adjustments).where(where),
    operatorNames(ctx.db),
  ]);
  return {
    items: rows.map((r) => adjustmentRecord(r.row, r.person, names)),
    total: total?.n ?? 0,
    page: body.page,
    size: body.size,
  };
}

/** Post an adjustment's journal (the person against EQUITY), refusing a balance below zero. */
async function applyAdjustment(tx: Db, row: typeof adjustments.$inferSelect): Promise<void> {
  const type = row.balanceType === "WALLET" ? BalanceType.WALLET : BalanceType.GOLD;
  const balance = (await balancesOf(tx, row.userId))[type];
  if (balance + row.amount < 0)
    throw new BusinessError(BusinessCode.insufficient, ServerMessage.adjustmentOverdraw, {
      balance: formatAmount(balance),
    });
  await post(tx, {
    kind: "ADJUSTMENT",
    reference: `adjustments:${String(row.id)}`,
    legs: [
      { account: userAccount(row.userId, type), amount: row.amount },
      { account: platform(PlatformAccount.EQUITY), amount: -row.amount },
    ],
  });
}

/** A manual adjustment: applied now up to the setting, else waiting for a second finance operator. */
export async function adjust(ctx: AppContext, { body, operator, who }: AdminInput<"money.adjust">) {
  const userId = Number(body.userId);
  const owner = await personById(ctx.db, userId);
  const waits = Math.abs(body.amount) > ctx.config.console.approvalAbove;
  const row = await transact(ctx.db, async (tx) => {
    await lockPeople(tx, userId);
    const [created] = await tx
      .insert(adjustments)
      .values({
        userId,
        balanceType: body.balanceType,
        amount: body.amount,
        reason: body.reason,
        requestedBy: operator.row.id,
        status: waits ? "PENDING" : "APPLIED",
        ...(waits ? {} : { decidedBy: operator.row.id, decidedAt: ctx.now() }),
      })
      .returning();
    if (!created) throw new Error("the adjustment was not recorded");
    if (!waits) await applyAdjustment(tx, created);
    await writeAudit(
      tx,
      who,
      {
        action: waits ? "money.adjust.requested" : "money.adjust.applied",
        targetType: "person",
        targetId: userId,
        after: {
          adjustment: created.id,
          balanceType: created.balanceType,
          amount: created.amount,
          status: created.status,
        },
        reason: body.reason,
      },
      ctx.now(),
    );
    return created;
  });
  return adjustmentRecord(row, owner, await operatorNames(ctx.db));
}

/** A second finance operator approves (applies) or refuses a waiting adjustment; never its requester. */
export async function decideAdjustment(
  ctx: AppContext,
  { body, operator, who }: AdminInput<"money.decideAdjustment">,
) {
  const id = Number(body.id);
  const [found] = await ctx.db.select().from(adjustments).where(eq(adjustments.id, id));
  if (!found) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  const row = await transact(ctx.db, async (tx) => {
    await lockPeople(tx, found.userId);
    const [decided] = await tx
      .update(adjustments)
      .set({ status: body.approve ? "APPLIED" : "REFUSED", decidedBy: operator.row.id, decidedAt: ctx.now() })
      .where(and(eq(adjustments.id, id), eq(adjustments.status, "PENDING"), isNull(adjustments.decidedBy)))
      .returning();
    if (!decided) throw new BusinessError(BusinessCode.conflict, ServerMessage.adjustmentDecided);
    if (decided.requestedBy === operator.row.id)
      throw new BusinessError(BusinessCode.forbidden, ServerMessage.adjustmentOwnApproval);
    if (body.approve) await applyAdjustment(tx, decided);
    await writeAudit(
      tx,
      who,
      {
        action: body.approve ? "money.adjust.approved" : "money.adjust.refused",
        targetType: "person",
        targetId: decided.userId,
        before: { adjustment: decided.id, status: "PENDING" },
        after: { adjustment: decided.id, amount: decided.amount, status: decided.status },
        reason: body.reason,
      },
      ctx.now(),
    );
    return decided;
  });
  return adjustmentRecord(row, await personById(ctx.db, row.userId), await operatorNames(ctx.db));
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
