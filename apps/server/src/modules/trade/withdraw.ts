/**
 * Withdrawals (spec §4, §5, §9): the amount is held from GOLD at once (a journal to the hold),
 * then a payout job sends it to the provider — at once (NORMAL), in the next batch (RESERVED,
 * which earns the bonus when paid within the window; urging sends it now), or after the
 * e-wallet review (EEPAY). The provider's answer pays it out or gives it back. A failed one can
 * be withdrawn again, at most 10 times a day.
 */
import { and, eq } from "drizzle-orm";
import {
  BusinessCode,
  MessageKey,
  OrderTab,
  SmsCodeType,
  UrgeState,
  WithdrawStatus,
  WithdrawTiming,
  WithdrawType,
  formatAmount,
  maskCardNumber,
  reservedWithdrawBonus,
  wallet,
  MessageKind,
} from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { withdrawOrders } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { earlierAnswer, idempotencyKeyOf, idempotent } from "../../http/idempotency";
import { lockPeople } from "../../db/locks";
import { transact } from "../../db/transaction";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { writeMessage } from "../user/messages";
import { Again, enqueue, reschedule } from "../../jobs/runner";
import type { PayoutDestination, PayoutState } from "../../providers/payments/provider";
import { cardFor, mobileOf, sealerOf } from "./cards";
import {
  moveWithdraw,
  newOrderNum,
  newestWithdrawFirst,
  ownWithdraw,
  ownerOfOrder,
  recordEvent,
  retriesToday,
  retryOfOrder,
  withdrawRetriesLeft,
  withdrawView,
} from "./orders";
import type { WithdrawRow } from "./orders";
import { linkedEepayAccount, notifyUrl, providerOf, withdrawChannels } from "./providers";
import { BalanceType, PlatformAccount, balancesOf, platform, post, userAccount } from "./wallet";
import { checkCode, consumeCode } from "../auth/sms";

const HOUR_MS = 3_600_000;

export function withdrawConfig(ctx: AppContext): ResponseOf<"trade.withdrawConfig"> {
  return {
    minAmount: ctx.config.trade.withdrawMin,
    maxAmount: ctx.config.trade.withdrawMax,
    withdrawTypes: [WithdrawType.BANK_WITHDRAW, WithdrawType.EEPAY_WITHDRAW, WithdrawType.GOLD_WITHDRAW],
    reservedBonusHours: wallet.reservedBonusHours,
    reservedBonusPercent: wallet.reservedBonusPercent,
    retriesPerDay: wallet.withdrawRetriesPerDay,
    eWalletReviewMinutes: { ...wallet.eWalletReviewMinutes },
  };
}

export async function withdrawalDetail(
  ctx: AppContext,
  { caller }: SignedInInput<"trade.withdrawalDetail">,
): Promise<ResponseOf<"trade.withdrawalDetail">> {
  const gold = (await balancesOf(ctx.db, caller.userId)).GOLD;
  const card = await cardFor(ctx.db, caller.userId, undefined);
  return {
    goldBalance: gold,
    withdrawable: gold,
    minAmount: ctx.config.trade.withdrawMin,
    hasBankCard: card !== null,
  };
}

interface Asked {
  readonly amount: number;
  readonly withdrawType: WithdrawType;
  readonly timing: WithdrawTiming;
  readonly retryOf?: string | undefined;
  readonly code: string;
}

interface Destination {
  readonly payout: PayoutDestination;
  readonly payeeId: number | null;
  readonly payee: string;
  readonly bankName: string | null;
  readonly cardNumberMasked: string | null;
}

function checkAmount(ctx: AppContext, amount: number): void {
  const { withdrawMin, withdrawMax } = ctx.config.trade;
  if (amount < withdrawMin)
    throw new BusinessError(BusinessCode.invalid, MessageKey.withdrawBelowMinimum, {
      minimum: formatAmount(withdrawMin),
    });
  if (amount > withdrawMax)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.withdrawAboveMaximum, {
      max: formatAmount(withdrawMax),
    });
}

/**
 * Make a withdrawal. Before anything is spent: the Idempotency-Key, the amount, the code (wrong
 * tries count). Then, under the person's money lock (db/locks.ts), in one transaction: 'withdraw
 * again' and its daily count, the balance, the code used up, the hold, the order and its payout
 * job — so racing requests cannot pass a count together, and a refusal leaves the code usable.
 */
async function withdraw(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  endpoint: "trade.withdrawal" | "trade.withdrawEEPay",
  body: unknown,
  asked: Asked,
  destination: Destination,
): Promise<WithdrawRow> {
  idempotencyKeyOf(request);
  const earlier = (await earlierAnswer(ctx, request, userId, endpoint, body)) as { orderNum: string } | null;
  if (earlier !== null) return ownWithdraw(ctx.db, userId, earlier.orderNum);
  checkAmount(ctx, asked.amount);
  // What would refuse it anyway is said before a code is tried (read now, decided under the lock).
  await checkWithdrawable(ctx.db, userId, asked, ctx.now());
  const codeId = await checkCode(ctx, await mobileOf(ctx.db, userId), SmsCodeType.WITHDRAW, asked.code, {
    owner: userId,
  });
  const channel = withdrawChannels[asked.withdrawType];
  const { orderNum } = await idempotent(ctx, request, userId, endpoint, body, async (tx) => {
    const now = ctx.now();
    const retryOf = await checkWithdrawable(tx, userId, asked, now);
    await consumeCode(tx, codeId, now);
    const payoutAt = new Date(now.getTime() + payoutDelaySeconds(ctx, asked) * 1000);
    const orderNum = newOrderNum("W", now);
    const [made] = await tx
      .insert(withdrawOrders)
      .values({
        orderNum,
        userId,
        status: WithdrawStatus.WITHDRAWING,
        withdrawType: asked.withdrawType,
        timing: asked.timing,
        provider: channel,
        applicationAmount: asked.amount,
        payeeId: destination.payeeId,
        payee: destination.payee,
        bankName: destination.bankName,
        cardNumberMasked: destination.cardNumberMasked,
        destination: sealerOf(ctx).seal(JSON.stringify(destination.payout)),
        payoutAt,
        retryOf,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // The failed order was withdrawn again already (a retry is unique per failed order).
    if (!made) {
      if (retryOf !== null) await refuseSecondRetry(tx, retryOf);
      throw new BusinessError(BusinessCode.conflict, ServerMessage.withdrawRetryNotFailed);
    }
    await post(tx, {
      kind: "WITHDRAW",
      reference: orderNum,
      legs: [
        { account: userAccount(userId, BalanceType.GOLD), amount: -asked.amount },
        { account: platform(PlatformAccount.WITHDRAW_HOLD), amount: asked.amount },
      ],
    });
    await enqueue(tx, {
      kind: "withdraw.payout",
      key: `withdraw.payout:${orderNum}`,
      payload: { orderNum },
      runAt: payoutAt,
    });
    return { orderNum };
  });
  return ownWithdraw(ctx.db, userId, orderNum);
}

/** A failed order is withdrawn again once: a second time is refused, naming the retry to follow. */
async function refuseSecondRetry(db: Db, failedId: number): Promise<void> {
  const retry = await retryOfOrder(db, failedId);
  if (retry !== null)
    throw new BusinessError(BusinessCode.conflict, ServerMessage.withdrawAlreadyRetried, { orderNum: retry });
}

/**
 * Whether the person may withdraw this: 'withdraw again' only of a failed order of theirs and
 * within the day's count, and no more than their gold. Answers the failed order's id (a retry), or
 * null. Decisive only under the person's money lock.
 */
async function checkWithdrawable(db: Db, userId: number, asked: Asked, now: Date): Promise<number | null> {
  let retryOf: number | null = null;
  if (asked.retryOf !== undefined) {
    const failed = await ownWithdraw(db, userId, asked.retryOf);
    if (failed.status !== WithdrawStatus.WITHDRAW_FAILED)
      throw new BusinessError(BusinessCode.conflict, ServerMessage.withdrawRetryNotFailed);
    await refuseSecondRetry(db, failed.id);
    if (!withdrawRetriesLeft(await retriesToday(db, userId, now)))
      throw new BusinessError(BusinessCode.tooMany, MessageKey.withdrawRetryLimit, {
        limit: wallet.withdrawRetriesPerDay,
      });
    retryOf = failed.id;
  }
  if ((await balancesOf(db, userId)).GOLD < asked.amount)
    throw new BusinessError(BusinessCode.insufficient, MessageKey.withdrawOverBalance);
  return retryOf;
}

/**
 * How long after it is asked a payout is sent: a reserved one with the next batch (and never
 * before the e-wallet's review), an e-wallet one after its review, any other at once.
 */
function payoutDelaySeconds(
  ctx: AppContext,
  asked: { readonly withdrawType: string; readonly timing: string },
): number {
  const review = asked.withdrawType === WithdrawType.EEPAY_WITHDRAW ? ctx.config.trade.eepayReviewSeconds : 0;
  return asked.timing === WithdrawTiming.RESERVED
    ? Math.max(review, ctx.config.trade.reservedDelaySeconds)
    : review;
}

export async function withdrawal(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.withdrawal">,
): Promise<ResponseOf<"trade.withdrawal">> {
  checkAmount(ctx, body.amount);
  const card = await cardFor(ctx.db, caller.userId, body.payeeId);
  if (!card) {
    throw body.payeeId === undefined
      ? new BusinessError(BusinessCode.invalid, MessageKey.bankCardRequired)
      : new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  }
  const number = sealerOf(ctx).open(card.cardCipher);
  const row = await withdraw(ctx, request, caller.userId, "trade.withdrawal", body, body, {
    payout: { kind: "card", number, holder: card.cardholderName, bank: card.bankName },
    payeeId: card.id,
    payee: card.cardholderName,
    bankName: card.bankName,
    cardNumberMasked: maskCardNumber(card.cardLast4),
  });
  return withdrawView(request, row, await retriesToday(ctx.db, caller.userId, ctx.now()));
}

export async function withdrawEEPay(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.withdrawEEPay">,
): Promise<ResponseOf<"trade.withdrawEEPay">> {
  const account = body.eepayAccount.trim();
  if (!/^[A-Za-z0-9_-]{3,64}$/.test(account))
    throw new BusinessError(BusinessCode.invalid, ServerMessage.eepayAccountInvalid);
  // Only to the person's own EE account: the one linked through the wallet page (eepay/enterUrl).
  const linked = await linkedEepayAccount(ctx.db, caller.userId);
  if (linked === null) throw new BusinessError(BusinessCode.invalid, ServerMessage.eepayAccountNotLinked);
  if (linked !== account)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.eepayAccountNotYours, { account: linked });
  const row = await withdraw(
    ctx,
    request,
    caller.userId,
    "trade.withdrawEEPay",
    body,
    { ...body, withdrawType: WithdrawType.EEPAY_WITHDRAW },
    {
      payout: { kind: "eepay", account },
      payeeId: null,
      payee: account,
      bankName: null,
      cardNumberMasked: null,
    },
  );
  return withdrawView(request, row, await retriesToday(ctx.db, caller.userId, ctx.now()));
}

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
async function giveBack(tx: Db, order: WithdrawRow): Promise<void> {
  await post(tx, {
    kind: "WITHDRAW_RETURN",
    reference: order.orderNum,
    legs: [
      { account: platform(PlatformAccount.WITHDRAW_HOLD), amount: -order.applicationAmount },
      { account: userAccount(order.userId, BalanceType.GOLD), amount: order.applicationAmount },
    ],
  });
}

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
