/**
 * Recharges (spec §4, §7): an order in PAYING, paid on the provider's hosted page, settled by its
 * signed notification (or by asking it), cancelled by its owner or as expired. Settling credits
 * the gold once, whatever repeats: the order's transition and the journal are both guarded.
 */
import { and, eq, inArray } from "drizzle-orm";
import { BusinessCode, OrderTab, PriceType, RechargeStatus, formatAmount } from "@platform/domain";
import type { PaymentMethod } from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import type { AppContext } from "../../context";
import { rechargeOrders } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { ServerMessage, languageOf, translate } from "../../http/messages";
import type { RouteInput, SignedInInput } from "../../http/route";
import { Again, enqueue } from "../../jobs/runner";
import type { PaymentState } from "../../providers/payments/provider";
import { lockPeople } from "../../db/locks";
import { transact } from "../../db/transaction";
import {
  moveRecharge,
  newOrderNum,
  newestRechargeFirst,
  ownRecharge,
  ownerOfOrder,
  rechargeView,
} from "./orders";
import type { RechargeRow } from "./orders";
import { creditRecharge, holdPayment } from "./held";
import { eepayAccountOf, notifyUrl, providerOf, rechargeChannels, returnUrl } from "./providers";
import { PlatformAccount } from "../ledger/wallet";

/** How each method is named to people (the catalogs' words). */
const methodNames: Readonly<Record<string, ServerMessage>> = {
  EE_PAY: ServerMessage.payMethodEePay,
  BANK_SM: ServerMessage.payMethodBankSm,
  MERCHANT: ServerMessage.payMethodMerchant,
};

/** The recharge methods: BANK_SM any amount in a range, the others fixed amounts (settings). */
export function payConfig(
  ctx: AppContext,
  { request }: RouteInput<"trade.payConfig">,
): ResponseOf<"trade.payConfig"> {
  const language = languageOf(request.headers.language);
  const { bankRange, fixedAmounts } = ctx.config.trade;
  return Object.entries(rechargeChannels).map(([method, channel]) => {
    const range = method === "BANK_SM";
    const name = methodNames[method];
    return {
      payMethod: method as PaymentMethod,
      name: name ? translate(language, name) : method,
      priceType: range ? PriceType.RANGE : PriceType.NORMAL,
      minAmount: range ? bankRange.min : Math.min(...fixedAmounts),
      maxAmount: range ? bankRange.max : Math.max(...fixedAmounts),
      amounts: range ? [] : [...fixedAmounts],
      sandbox: ctx.payments[channel].sandbox,
    };
  });
}

function checkAmount(ctx: AppContext, method: string, amount: number): void {
  const { bankRange, fixedAmounts } = ctx.config.trade;
  if (method === "BANK_SM") {
    if (amount < bankRange.min || amount > bankRange.max)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.rechargeAmountOutOfRange, {
        min: formatAmount(bankRange.min),
        max: formatAmount(bankRange.max),
      });
  } else if (!fixedAmounts.includes(amount)) {
    throw new BusinessError(BusinessCode.invalid, ServerMessage.rechargeAmountNotOffered);
  }
}

export async function rechargeGold(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.rechargeGold">,
): Promise<ResponseOf<"trade.rechargeGold">> {
  const channel = rechargeChannels[body.payMethod];
  const provider = channel ? providerOf(ctx, channel) : null;
  if (!channel || !provider)
    throw new BusinessError(BusinessCode.invalid, ServerMessage.payMethodUnavailable);
  checkAmount(ctx, body.payMethod, body.amount);
  const userId = caller.userId;
  const payer = channel === "eepay" ? await eepayAccountOf(ctx.db, userId) : null;
  const { orderNum } = await idempotent(ctx, request, userId, "trade.rechargeGold", body, async (tx) => {
    const now = ctx.now();
    const expiresAt = new Date(now.getTime() + ctx.config.trade.rechargeExpireMinutes * 60_000);
    const orderNum = newOrderNum("R", now);
    // The partial unique index refuses a second unfinished recharge, even between racing calls.
    const [made] = await tx
      .insert(rechargeOrders)
      .values({
        orderNum,
        userId,
        status: RechargeStatus.PAYING,
        payMethod: body.payMethod,
        provider: channel,
        applicationAmount: body.amount,
        payee: methodNames[body.payMethod] ?? null,
        expiresAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!made) {
      throw new BusinessError(
        BusinessCode.conflict,
        ServerMessage.rechargeUnfinished,
        {},
        {
          tab: OrderTab.RECHARGE_ORDER,
        },
      );
    }
    await enqueue(tx, {
      kind: "recharge.expire",
      key: `recharge.expire:${orderNum}`,
      payload: { orderNum },
      runAt: expiresAt,
    });
    return { orderNum };
  });
  // The provider is asked outside any transaction (it may call back while we wait).
  let order = await ownRecharge(ctx.db, userId, orderNum);
  if (order.status === RechargeStatus.PAYING && order.payUrl === null) {
    try {
      const payment = await provider.createPayment({
        merchantOrder: orderNum,
        amount: order.applicationAmount,
        notifyUrl: notifyUrl(ctx, channel),
        returnUrl: returnUrl(ctx, orderNum),
        payer,
      });
      await ctx.db
        .update(rechargeOrders)
        .set({ payUrl: payment.payUrl, providerRef: payment.providerRef })
        .where(eq(rechargeOrders.id, order.id));
    } catch (error) {
      ctx.log.error({ err: error, orderNum }, "trade: the provider did not take the payment");
      await ctx.db.transaction(async (tx) => {
        const locked = await ownRecharge(tx, userId, orderNum, true);
        await moveRecharge(tx, locked, RechargeStatus.RECHARGE_FAILED, "provider-error", {
          failureReason: ServerMessage.paymentFailed,
        });
      });
      throw new BusinessError(BusinessCode.unavailable, ServerMessage.paymentFailed);
    }
    order = await ownRecharge(ctx.db, userId, orderNum);
  }
  return rechargeView(request, order);
}

/**
 * Whether a payment of `paid` may be credited to its order as it came: within its method's minimum
 * and maximum, and at most RECHARGE_PAID_MAX_MULTIPLE × the order (decision 0023). Anything else
 * is held for an operator — a fixed-amount method "paid" 99 999.99 for a 10.00 order, 0.01 where
 * the least is 10.00.
 */
export function creditable(
  ctx: AppContext,
  order: Pick<RechargeRow, "payMethod" | "applicationAmount">,
  paid: number,
): boolean {
  const { bankRange, fixedAmounts, paidMaxMultiple } = ctx.config.trade;
  const range =
    order.payMethod === "BANK_SM"
      ? bankRange
      : { min: Math.min(...fixedAmounts), max: Math.max(...fixedAmounts) };
  return paid >= range.min && paid <= range.max && paid <= order.applicationAmount * paidMaxMultiple;
}

/**
 * Apply what the provider says about a payment: PROCESSING, PAID (credit what was paid: the
 * amount asked, or another — COMPLETE_CHANGE — when the order allows it; else HELD, the money in
 * SUSPENSE for an operator) or FAILED. Repeats and stale news change nothing. The owner's money
 * lock comes first (db/locks.ts).
 */
export async function applyPayment(
  ctx: AppContext,
  channel: string,
  orderNum: string,
  state: PaymentState,
  cause: string,
  detail: unknown = null,
): Promise<RechargeRow | null> {
  const owner = await ownerOfOrder(ctx.db, rechargeOrders, orderNum, channel);
  if (owner === null) return null;
  return transact(ctx.db, async (tx) => {
    await lockPeople(tx, owner);
    const [order] = await tx
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.orderNum, orderNum), eq(rechargeOrders.provider, channel)))
      .for("update");
    if (!order) return null;
    const now = ctx.now();
    switch (state.status) {
      case "PROCESSING":
        return (await moveRecharge(tx, order, RechargeStatus.PROCESSING, cause, {}, detail)) ?? order;
      case "FAILED":
        return (
          (await moveRecharge(
            tx,
            order,
            RechargeStatus.RECHARGE_FAILED,
            cause,
            { failureReason: ServerMessage.paymentFailed },
            detail,
          )) ?? order
        );
      case "PAID": {
        // A held payment waits for its operator, whatever the provider repeats.
        if (order.status === RechargeStatus.HELD) return order;
        const paid = state.paidAmount ?? order.applicationAmount;
        const to = !creditable(ctx, order, paid)
          ? RechargeStatus.HELD
          : paid === order.applicationAmount
            ? RechargeStatus.PAYMENT_SUCCESSFUL
            : RechargeStatus.COMPLETE_CHANGE;
        const moved = await moveRecharge(
          tx,
          order,
          to,
          cause,
          { receivedAmount: paid, paymentTime: now },
          detail,
        );
        if (!moved) return order;
        if (to === RechargeStatus.HELD) await holdPayment(tx, moved);
        else await creditRecharge(tx, moved, PlatformAccount.CLEARING);
        return moved;
      }
      default:
        return order;
    }
  });
}

/** Ask the provider now and apply its answer (the owner's 'I have paid', expiry). */
async function askProvider(ctx: AppContext, order: RechargeRow, cause: string): Promise<RechargeRow> {
  const provider = providerOf(ctx, order.provider);
  if (!provider) return order;
  const state = await provider.queryPayment(order.orderNum);
  if (!state || state.status === "PENDING") return order;
  return (await applyPayment(ctx, order.provider, order.orderNum, state, cause, state)) ?? order;
}

export async function confirmPaid(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.confirmPaid">,
): Promise<ResponseOf<"trade.confirmPaid">> {
  let order = await ownRecharge(ctx.db, caller.userId, body.orderNum);
  if (order.status === RechargeStatus.PAYING || order.status === RechargeStatus.PROCESSING) {
    try {
      order = await askProvider(ctx, order, "query");
    } catch (error) {
      ctx.log.warn({ err: error, orderNum: order.orderNum }, "trade: payment query failed");
    }
  }
  return rechargeView(request, order);
}

/** The owner cancels a recharge still being paid, with a reason (0-50 characters). */
export async function cancelRecharge(
  ctx: AppContext,
  userId: number,
  orderNum: string,
  reason: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await ownRecharge(tx, userId, orderNum, true);
    if (order.status !== RechargeStatus.PAYING)
      throw new BusinessError(BusinessCode.conflict, ServerMessage.orderNotCancellable);
    await moveRecharge(tx, order, RechargeStatus.CANCELLED, "cancel", {
      cancelReason: reason.trim() === "" ? null : reason.trim(),
    });
  });
}

/**
 * The expiry job: a PAYING order past its time is first checked with the provider (it may have
 * been paid), then cancelled as expired. A payment that lands later still credits the gold.
 */
export async function expireRecharge(ctx: AppContext, payload: unknown): Promise<Again | null> {
  const { orderNum } = payload as { orderNum: string };
  const [order] = await ctx.db.select().from(rechargeOrders).where(eq(rechargeOrders.orderNum, orderNum));
  if (!order) return null;
  let current = order;
  if (current.status === RechargeStatus.PAYING || current.status === RechargeStatus.PROCESSING)
    current = await askProvider(ctx, current, "query");
  // Money is moving at the bank: look again later rather than cancel.
  if (current.status === RechargeStatus.PROCESSING) return new Again(new Date(ctx.now().getTime() + 60_000));
  if (current.status !== RechargeStatus.PAYING) return null;
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.id, current.id))
      .for("update");
    if (locked)
      await moveRecharge(tx, locked, RechargeStatus.CANCELLED, "expire", {
        cancelReason: ServerMessage.rechargeExpired,
      });
  });
  return null;
}

export async function unfinishedOrders(
  ctx: AppContext,
  { caller, request }: SignedInInput<"trade.unfinishedOrders">,
): Promise<ResponseOf<"trade.unfinishedOrders">> {
  const rows = await ctx.db
    .select()
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.userId, caller.userId),
        inArray(rechargeOrders.status, [RechargeStatus.PAYING, RechargeStatus.PROCESSING]),
      ),
    )
    .orderBy(newestRechargeFirst);
  return rows.map((row) => rechargeView(request, row));
}

export async function orderDetail(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.orderDetail">,
): Promise<ResponseOf<"trade.orderDetail">> {
  return rechargeView(request, await ownRecharge(ctx.db, caller.userId, body.orderNum));
}

export async function orderDetailById(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.orderDetailById">,
): Promise<ResponseOf<"trade.orderDetailById">> {
  const [row] = await ctx.db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.id, Number(body.id)), eq(rechargeOrders.userId, caller.userId)));
  if (!row) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return rechargeView(request, row);
}
