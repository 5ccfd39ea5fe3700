/**
 * What a person does with a withdrawal already asked (spec §4): cancel it before it is sent, urge a
 * reserved one, confirm a payout arrived, and read one or the unfinished ones.
 */
import { and, eq } from "drizzle-orm";
import {
  BusinessCode,
  OrderTab,
  UrgeState,
  WithdrawStatus,
  WithdrawTiming,
  WithdrawType,
} from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { withdrawOrders } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { lockPeople } from "../../db/locks";
import { transact } from "../../db/transaction";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { reschedule } from "../../jobs/runner";
import {
  moveWithdraw,
  newestWithdrawFirst,
  ownWithdraw,
  recordEvent,
  retriesToday,
  retryOfOrder,
  withdrawView,
} from "./orders";
import type { WithdrawRow } from "./orders";
import { giveBack } from "./payout";
import { payoutDelaySeconds } from "./withdraw";

/** The owner cancels a withdrawal not yet sent to the provider: the money comes back. */
export async function cancelWithdraw(
  ctx: AppContext,
  userId: number,
  orderNum: string,
  reason: string,
): Promise<void> {
  await transact(ctx.db, async (tx) => {
    await lockPeople(tx, userId);
    const order = await ownWithdraw(tx, userId, orderNum, true);
    if (order.status !== WithdrawStatus.WITHDRAWING || order.submittedAt !== null)
      throw new BusinessError(BusinessCode.conflict, ServerMessage.orderNotCancellable);
    const moved = await moveWithdraw(tx, order, WithdrawStatus.CANCELLED, "cancel", {
      cancelReason: reason.trim() === "" ? ServerMessage.withdrawCancelledByUser : reason.trim(),
    });
    if (moved) await giveBack(tx, moved);
  });
}

async function answer(ctx: AppContext, request: FastifyRequest, userId: number, orderNum: string) {
  const row = await ownWithdraw(ctx.db, userId, orderNum);
  return withdrawView(
    request,
    row,
    await retriesToday(ctx.db, userId, ctx.now()),
    (await retryOfOrder(ctx.db, row.id)) !== null,
  );
}

/**
 * Why a withdrawal cannot be urged, each reason with what to do (null: it can be). Only a reserved
 * withdrawal still waiting for its batch can be urged (once): a normal one already goes at once, and
 * a sent one is the bank's to pay (the domain's withdrawActions offer 'urge' on the same rule).
 */
function urgeRefusal(order: WithdrawRow): ServerMessage | null {
  switch (order.status) {
    case WithdrawStatus.WITHDRAW_SUCCESS:
    case WithdrawStatus.WITHDRAW_CHANGE:
      return ServerMessage.orderUrgeSettled;
    case WithdrawStatus.WITHDRAW_FAILED:
      return ServerMessage.orderUrgeFailed;
    case WithdrawStatus.CANCELLED:
      return ServerMessage.orderUrgeCancelled;
    default:
      if (order.urge === UrgeState.DONE) return ServerMessage.orderAlreadyUrged;
      if (order.submittedAt !== null) return ServerMessage.orderUrgeSent;
      if (order.timing !== WithdrawTiming.RESERVED) return ServerMessage.orderUrgeNormal;
      return null;
  }
}

/** Urge once (PRESS → DONE): a reserved payout waiting for its batch goes now, as a normal one. */
export async function urgeWithdraw(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.urgeWithdraw">,
): Promise<ResponseOf<"trade.urgeWithdraw">> {
  await transact(ctx.db, async (tx) => {
    await lockPeople(tx, caller.userId);
    const order = await ownWithdraw(tx, caller.userId, body.orderNum, true);
    const refusal = urgeRefusal(order);
    if (refusal !== null) throw new BusinessError(BusinessCode.conflict, refusal);
    // It goes now (an e-wallet one when its review is over), as a NORMAL withdrawal — it gives up
    // its bonus by leaving its batch (the app says so before the urge).
    const payoutAt = new Date(
      Math.max(
        ctx.now().getTime(),
        order.createdAt.getTime() +
          payoutDelaySeconds(ctx, { withdrawType: order.withdrawType, timing: WithdrawTiming.NORMAL }) * 1000,
      ),
    );
    const sooner = payoutAt.getTime() < order.payoutAt.getTime();
    await tx
      .update(withdrawOrders)
      .set({
        urge: UrgeState.DONE,
        ...(sooner ? { payoutAt, timing: WithdrawTiming.NORMAL } : {}),
      })
      .where(eq(withdrawOrders.id, order.id));
    await recordEvent(tx, OrderTab.WITHDRAW_ORDER, order.id, order.status, "urge", order.status, {
      ...(sooner ? { timing: { from: order.timing, to: WithdrawTiming.NORMAL } } : {}),
    });
    if (sooner) await reschedule(tx, `withdraw.payout:${order.orderNum}`, payoutAt);
  });
  return answer(ctx, request, caller.userId, body.orderNum);
}

/** The person confirms a payout to their card arrived. */
export async function confirmReceived(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.confirmReceived">,
): Promise<ResponseOf<"trade.confirmReceived">> {
  await ctx.db.transaction(async (tx) => {
    const order = await ownWithdraw(tx, caller.userId, body.orderNum, true);
    const paid =
      order.status === WithdrawStatus.WITHDRAW_SUCCESS || order.status === WithdrawStatus.WITHDRAW_CHANGE;
    if (!paid || order.withdrawType === WithdrawType.EEPAY_WITHDRAW)
      throw new BusinessError(BusinessCode.conflict, ServerMessage.receiptNotConfirmable);
    if (order.receiptConfirmed) return;
    await tx.update(withdrawOrders).set({ receiptConfirmed: true }).where(eq(withdrawOrders.id, order.id));
    await recordEvent(tx, OrderTab.WITHDRAW_ORDER, order.id, order.status, "receipt-confirmed");
  });
  return answer(ctx, request, caller.userId, body.orderNum);
}

export async function withdrawByOrderNum(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.withdrawByOrderNum">,
): Promise<ResponseOf<"trade.withdrawByOrderNum">> {
  return answer(ctx, request, caller.userId, body.orderNum);
}

export async function unfinishedWithdraw(
  ctx: AppContext,
  { caller, request }: SignedInInput<"trade.unfinishedWithdraw">,
): Promise<ResponseOf<"trade.unfinishedWithdraw">> {
  const rows = await ctx.db
    .select()
    .from(withdrawOrders)
    .where(
      and(eq(withdrawOrders.userId, caller.userId), eq(withdrawOrders.status, WithdrawStatus.WITHDRAWING)),
    )
    .orderBy(newestWithdrawFirst);
  const used = await retriesToday(ctx.db, caller.userId, ctx.now());
  return rows.map((row) => withdrawView(request, row, used));
}
