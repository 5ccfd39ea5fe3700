/**
 * Withdrawals' payouts (spec §4, §9): the job that sends a held amount to the provider, the query
 * that asks after it, and the provider's answer applied — paid out of the hold (a reserved one paid
 * within its window earns the bonus), or given back to the person's gold.
 */
import { and, eq } from "drizzle-orm";
import {
  OrderTab,
  WithdrawStatus,
  WithdrawTiming,
  reservedWithdrawBonus,
  MessageKind,
} from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { withdrawOrders } from "../../db/schema";
import { lockPeople } from "../../db/locks";
import { transact } from "../../db/transaction";
import { ServerMessage } from "../../http/messages";
import { writeMessage } from "../user/messages";
import { Again, enqueue } from "../../jobs/runner";
import type { PayoutDestination, PayoutState } from "../../providers/payments/provider";
import { sealerOf } from "./cards";
import { moveWithdraw, ownerOfOrder, recordEvent } from "./orders";
import type { WithdrawRow } from "./orders";
import { notifyUrl, providerOf } from "./providers";
import { BalanceType, PlatformAccount, platform, post, userAccount } from "../ledger/wallet";

const HOUR_MS = 3_600_000;

/**
 * The payout job: mark the order sent (from then on it cannot be cancelled), then ask the
 * provider to pay. The provider takes a payout once per order number, so a retry after a crash
 * between the two asks again safely.
 */
export async function payoutJob(ctx: AppContext, payload: unknown): Promise<Again | null> {
  const { orderNum } = payload as { orderNum: string };
  const order = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(withdrawOrders)
      .where(eq(withdrawOrders.orderNum, orderNum))
      .for("update");
    if (row?.status !== WithdrawStatus.WITHDRAWING) return null;
    if (row.payoutAt.getTime() > ctx.now().getTime()) return { ...row, early: true };
    if (row.submittedAt === null) {
      await tx.update(withdrawOrders).set({ submittedAt: ctx.now() }).where(eq(withdrawOrders.id, row.id));
      await recordEvent(tx, OrderTab.WITHDRAW_ORDER, row.id, row.status, "submitted");
    }
    return { ...row, early: false };
  });
  if (!order) return null;
  if (order.early) return new Again(order.payoutAt);
  const provider = providerOf(ctx, order.provider);
  if (!provider) throw new Error(`no provider ${order.provider}`);
  const destination = JSON.parse(sealerOf(ctx).open(order.destination)) as PayoutDestination;
  const state = await provider.payout({
    merchantOrder: order.orderNum,
    amount: order.applicationAmount,
    destination,
    notifyUrl: notifyUrl(ctx, provider.channel),
  });
  await ctx.db
    .update(withdrawOrders)
    .set({ providerRef: state.providerRef })
    .where(eq(withdrawOrders.id, order.id));
  if (state.status !== "ACCEPTED") await applyPayout(ctx, order.provider, order.orderNum, state, "payout");
  // A safety net if the notification never comes: ask the provider later.
  await enqueue(ctx.db, {
    kind: "withdraw.query",
    key: `withdraw.query:${orderNum}`,
    payload: { orderNum },
    runAt: new Date(ctx.now().getTime() + 10 * 60_000),
  });
  return null;
}

export async function payoutQueryJob(ctx: AppContext, payload: unknown): Promise<Again | null> {
  const { orderNum } = payload as { orderNum: string };
  const [order] = await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.orderNum, orderNum));
  if (order?.status !== WithdrawStatus.WITHDRAWING || order.submittedAt === null) return null;
  const provider = providerOf(ctx, order.provider);
  const state = provider ? await provider.queryPayout(orderNum) : null;
  if (state && state.status !== "ACCEPTED") {
    await applyPayout(ctx, order.provider, orderNum, state, "query");
    return null;
  }
  return new Again(new Date(ctx.now().getTime() + 10 * 60_000));
}

/**
 * Apply the provider's word on a payout. Paid: the hold goes out as the payout (a different
 * amount paid settles the difference: back to the person, or from the variance account), and a
 * reserved withdrawal paid within the window earns its bonus. Failed: the hold goes back.
 */
export async function applyPayout(
  ctx: AppContext,
  channel: string,
  orderNum: string,
  state: PayoutState,
  cause: string,
  /** An operator's return is recorded in the audit log, in this transaction (Step 22). */
  record?: (tx: Db, before: WithdrawRow, after: WithdrawRow) => Promise<void>,
): Promise<boolean> {
  const owner = await ownerOfOrder(ctx.db, withdrawOrders, orderNum, channel);
  if (owner === null) return false;
  return transact(ctx.db, async (tx) => {
    await lockPeople(tx, owner);
    const [order] = await tx
      .select()
      .from(withdrawOrders)
      .where(and(eq(withdrawOrders.orderNum, orderNum), eq(withdrawOrders.provider, channel)))
      .for("update");
    if (!order) return false;
    const now = ctx.now();
    const held = order.applicationAmount;
    const gold = userAccount(order.userId, BalanceType.GOLD);
    const hold = platform(PlatformAccount.WITHDRAW_HOLD);
    if (state.status === "FAILED") {
      const moved = await moveWithdraw(
        tx,
        order,
        WithdrawStatus.WITHDRAW_FAILED,
        cause,
        {
          failureReason: ServerMessage.payoutFailed,
        },
        state,
      );
      if (moved) {
        await giveBack(tx, moved);
        await record?.(tx, order, moved);
        await writeMessage(tx, order.userId, {
          kind: MessageKind.WITHDRAW_SETTLED,
          params: { orderNum: order.orderNum, amount: held, succeeded: false, reason: null },
        });
      }
      return true;
    }
    if (state.status !== "PAID") return true;
    const paid = state.paidAmount ?? held;
    const bonus = reservedBonusOf(order, now);
    const moved = await moveWithdraw(
      tx,
      order,
      paid === held ? WithdrawStatus.WITHDRAW_SUCCESS : WithdrawStatus.WITHDRAW_CHANGE,
      cause,
      { receivedAmount: paid, bonusAmount: bonus, paymentTime: now },
      state,
    );
    if (!moved) return true;
    await writeMessage(tx, order.userId, {
      kind: MessageKind.WITHDRAW_SETTLED,
      params: { orderNum: order.orderNum, amount: paid, succeeded: true, reason: null },
    });
    const difference = held - paid;
    await post(tx, {
      kind: "WITHDRAW_PAYOUT",
      reference: order.orderNum,
      legs: [
        { account: hold, amount: -held },
        { account: platform(PlatformAccount.PAYOUTS), amount: paid },
        ...(difference > 0 ? [{ account: gold, amount: difference }] : []),
        ...(difference < 0
          ? [{ account: platform(PlatformAccount.PAYOUT_VARIANCE), amount: difference }]
          : []),
      ],
    });
    if (bonus > 0)
      await post(tx, {
        kind: "WITHDRAW_BONUS",
        reference: order.orderNum,
        legs: [
          { account: platform(PlatformAccount.BONUS_EXPENSE), amount: -bonus },
          { account: gold, amount: bonus },
        ],
      });
    return true;
  });
}

/**
 * The reserved bonus a payout earns (spec §9, decision 0023): only a RESERVED withdrawal sent with
 * its batch — at its payout time, never sooner (urging makes it NORMAL) — and paid within the
 * window (72 h) of its asking.
 */
function reservedBonusOf(order: WithdrawRow, now: Date): number {
  if (order.timing !== WithdrawTiming.RESERVED) return 0;
  if (order.submittedAt === null || order.submittedAt.getTime() < order.payoutAt.getTime()) return 0;
  const hoursTaken = (now.getTime() - order.createdAt.getTime()) / HOUR_MS;
  return reservedWithdrawBonus(order.applicationAmount, { hoursTaken });
}

/** The held amount goes back to the person's gold (a failed or cancelled withdrawal). */
export async function giveBack(tx: Db, order: WithdrawRow): Promise<void> {
  await post(tx, {
    kind: "WITHDRAW_RETURN",
    reference: order.orderNum,
    legs: [
      { account: platform(PlatformAccount.WITHDRAW_HOLD), amount: -order.applicationAmount },
      { account: userAccount(order.userId, BalanceType.GOLD), amount: order.applicationAmount },
    ],
  });
}
