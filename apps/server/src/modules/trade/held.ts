/**
 * Recharges whose payment was not credited as it came (HELD: paid, but not as ordered): the money
 * waits in suspense until an operator credits it to the person or refunds it to the payer (the
 * `money` commands of the CLI). Also the one posting that credits a settled recharge's gold.
 */
import { asc, eq } from "drizzle-orm";
import { RechargeStatus } from "@platform/domain";
import type { Db } from "../../db/database";
import { lockPeople } from "../../db/locks";
import { rechargeOrders } from "../../db/schema";
import { transact } from "../../db/transaction";
import type { PaymentProvider } from "../../providers/payments/provider";
import { moveRecharge, ownRecharge, ownerOfOrder } from "./orders";
import type { RechargeRow } from "./orders";
import { BalanceType, PlatformAccount, platform, post, userAccount } from "../ledger/wallet";

/** The gold of a settled recharge: what the provider collected moves to the person. */
export async function creditRecharge(tx: Db, order: RechargeRow, from: PlatformAccount): Promise<void> {
  const paid = order.receivedAmount ?? 0;
  if (paid <= 0) return;
  await post(tx, {
    kind: "RECHARGE",
    reference: order.orderNum,
    legs: [
      { account: platform(from), amount: -paid },
      { account: userAccount(order.userId, BalanceType.GOLD), amount: paid },
    ],
  });
}

/** A payment not credited as it came: from clearing into suspense, until an operator decides. */
export async function holdPayment(tx: Db, order: RechargeRow): Promise<void> {
  const paid = order.receivedAmount ?? 0;
  if (paid <= 0) return;
  await post(tx, {
    kind: "RECHARGE_HELD",
    reference: order.orderNum,
    legs: [
      { account: platform(PlatformAccount.CLEARING), amount: -paid },
      { account: platform(PlatformAccount.SUSPENSE), amount: paid },
    ],
  });
}

/** A held payment as an operator sees it. */
export interface HeldPayment {
  readonly orderNum: string;
  readonly userId: number;
  readonly payMethod: string;
  readonly applicationAmount: number;
  readonly receivedAmount: number;
  readonly paidAt: Date | null;
}

/** The payments waiting for an operator, oldest first. */
export async function heldPayments(db: Db): Promise<HeldPayment[]> {
  const rows = await db
    .select()
    .from(rechargeOrders)
    .where(eq(rechargeOrders.status, RechargeStatus.HELD))
    .orderBy(asc(rechargeOrders.id));
  return rows.map((r) => ({
    orderNum: r.orderNum,
    userId: r.userId,
    payMethod: r.payMethod,
    applicationAmount: r.applicationAmount,
    receivedAmount: r.receivedAmount ?? 0,
    paidAt: r.paymentTime,
  }));
}

/** What an operator's decision on a held payment did. */
export class HeldPaymentError extends Error {}

/** Records an operator's decision in the audit log, in the decision's transaction (Step 22). */
export type HeldRecord = (tx: Db, before: RechargeRow, after: RechargeRow) => Promise<void>;

/** The person whose recharge this is, or the refusal: there is no such recharge. */
async function heldOwner(db: Db, orderNum: string): Promise<number> {
  const owner = await ownerOfOrder(db, rechargeOrders, orderNum);
  if (owner === null) throw new HeldPaymentError(`no recharge ${orderNum}`);
  return owner;
}

/**
 * An operator credits a held payment as paid (COMPLETE_CHANGE, or PAYMENT_SUCCESSFUL when it was
 * the amount asked): the money moves from suspense to the person's gold, once.
 */
export async function creditHeld(db: Db, orderNum: string, record?: HeldRecord): Promise<RechargeRow> {
  const owner = await heldOwner(db, orderNum);
  return transact(db, async (tx) => {
    await lockPeople(tx, owner);
    const order = await ownRecharge(tx, owner, orderNum, true);
    if (order.status !== RechargeStatus.HELD)
      throw new HeldPaymentError(`${orderNum} is ${order.status}, not HELD`);
    const to =
      order.receivedAmount === order.applicationAmount
        ? RechargeStatus.PAYMENT_SUCCESSFUL
        : RechargeStatus.COMPLETE_CHANGE;
    const moved = await moveRecharge(tx, order, to, "operator-credit");
    if (!moved) throw new HeldPaymentError(`${orderNum} could not move`);
    await creditRecharge(tx, moved, PlatformAccount.SUSPENSE);
    await record?.(tx, order, moved);
    return moved;
  });
}

/**
 * An operator refunds a held payment: the provider gives the money back to the payer first (it
 * answers a repeat the same), then the order is REFUNDED and the money leaves suspense for the
 * clearing account it came through.
 */
export async function refundHeld(
  db: Db,
  providerOf: (channel: string) => PaymentProvider | null,
  orderNum: string,
  record?: HeldRecord,
): Promise<RechargeRow> {
  const owner = await heldOwner(db, orderNum);
  const [order] = await db.select().from(rechargeOrders).where(eq(rechargeOrders.orderNum, orderNum));
  if (order?.status !== RechargeStatus.HELD)
    throw new HeldPaymentError(`${orderNum} is ${order?.status ?? "unknown"}, not HELD`);
  const provider = providerOf(order.provider);
  if (!provider) throw new HeldPaymentError(`no provider ${order.provider}`);
  await provider.refundPayment(orderNum);
  return transact(db, async (tx) => {
    await lockPeople(tx, owner);
    const locked = await ownRecharge(tx, owner, orderNum, true);
    const moved = await moveRecharge(tx, locked, RechargeStatus.REFUNDED, "operator-refund");
    if (!moved) throw new HeldPaymentError(`${orderNum} is ${locked.status}, not HELD`);
    const paid = moved.receivedAmount ?? 0;
    if (paid > 0)
      await post(tx, {
        kind: "RECHARGE_REFUND",
        reference: moved.orderNum,
        legs: [
          { account: platform(PlatformAccount.SUSPENSE), amount: -paid },
          { account: platform(PlatformAccount.CLEARING), amount: paid },
        ],
      });
    await record?.(tx, locked, moved);
    return moved;
  });
}
