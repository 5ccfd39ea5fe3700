/**
 * Withdrawals (spec §4, §5, §9): the amount is held from GOLD at once (a journal to the hold),
 * then a payout job sends it to the provider — at once (NORMAL), in the next batch (RESERVED,
 * which earns the bonus when paid within the window; urging sends it now), or after the
 * e-wallet review (EEPAY). The provider's answer pays it out or gives it back. A failed one can
 * be withdrawn again, at most 10 times a day.
 */
import {
  BusinessCode,
  MessageKey,
  SmsCodeType,
  WithdrawStatus,
  WithdrawTiming,
  WithdrawType,
  formatAmount,
  maskCardNumber,
  wallet,
} from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { withdrawOrders } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { earlierAnswer, idempotencyKeyOf, idempotent } from "../../http/idempotency";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { enqueue } from "../../jobs/runner";
import type { PayoutDestination } from "../../providers/payments/provider";
import { cardFor, mobileOf, sealerOf } from "./cards";
import {
  newOrderNum,
  ownWithdraw,
  retriesToday,
  retryOfOrder,
  withdrawRetriesLeft,
  withdrawView,
} from "./orders";
import type { WithdrawRow } from "./orders";
import { linkedEepayAccount, withdrawChannels } from "./providers";
import { BalanceType, PlatformAccount, balancesOf, platform, post, userAccount } from "../ledger/wallet";
import { checkCode, consumeCode } from "../auth/sms";

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
export function payoutDelaySeconds(
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
