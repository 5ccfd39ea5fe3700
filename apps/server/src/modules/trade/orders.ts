/**
 * Orders (spec §3, §4): their numbers, how they are answered, and their transitions — each guarded
 * by the domain's state machine and recorded in order_events in the same transaction.
 */
import { randomInt } from "node:crypto";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  BusinessCode,
  OrderTab,
  UrgeState,
  WithdrawTiming,
  canRechargeMove,
  canWithdrawMove,
  wallet,
} from "@platform/domain";
import type { RechargeStatus, WithdrawStatus } from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import type { Db } from "../../db/database";
import { orderEvents, rechargeOrders, withdrawOrders } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage, isMessageId, languageOf, translate } from "../../http/messages";
import { formatDateTime, offsetOf } from "../../http/time";

export type RechargeRow = typeof rechargeOrders.$inferSelect;
export type WithdrawRow = typeof withdrawOrders.$inferSelect;
export type RechargeView = ResponseOf<"trade.orderDetail">;
export type WithdrawView = ResponseOf<"trade.withdrawByOrderNum">;

/** R or W, the time to the second, six random digits: unique enough, and not guessable in order. */
export function newOrderNum(prefix: "R" | "W", now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

/** A stored reason: a message key is worded in the reader's language; a person's words as they are. */
function wording(request: FastifyRequest, reason: string | null): string | null {
  if (reason === null) return null;
  return isMessageId(reason) ? translate(languageOf(request.headers.language), reason) : reason;
}

export function rechargeView(request: FastifyRequest, row: RechargeRow): RechargeView {
  const offset = offsetOf(request);
  const time = (date: Date | null) => (date ? formatDateTime(date, offset) : null);
  return {
    orderType: OrderTab.RECHARGE_ORDER,
    id: String(row.id),
    orderNum: row.orderNum,
    status: row.status as RechargeStatus,
    payMethod: row.payMethod as RechargeView["payMethod"],
    applicationAmount: row.applicationAmount,
    receivedAmount: row.receivedAmount,
    payee: wording(request, row.payee),
    bankName: row.bankName,
    payUrl: row.status === "PAYING" ? row.payUrl : null,
    expireTime: row.status === "PAYING" ? time(row.expiresAt) : null,
    failureReason: wording(request, row.failureReason),
    cancelReason: wording(request, row.cancelReason),
    createTime: formatDateTime(row.createdAt, offset),
    paymentTime: time(row.paymentTime),
  };
}

export function withdrawView(
  request: FastifyRequest,
  row: WithdrawRow,
  retriesToday: number,
  retried = false,
): WithdrawView {
  const offset = offsetOf(request);
  return {
    orderType: OrderTab.WITHDRAW_ORDER,
    id: String(row.id),
    orderNum: row.orderNum,
    status: row.status as WithdrawStatus,
    withdrawType: row.withdrawType as WithdrawView["withdrawType"],
    timing: row.timing === WithdrawTiming.RESERVED ? WithdrawTiming.RESERVED : WithdrawTiming.NORMAL,
    applicationAmount: row.applicationAmount,
    receivedAmount: row.receivedAmount,
    bonusAmount: row.bonusAmount,
    payee: row.payee,
    bankName: row.bankName,
    cardNumber: row.cardNumberMasked,
    failureReason: wording(request, row.failureReason),
    createTime: formatDateTime(row.createdAt, offset),
    paymentTime: row.paymentTime ? formatDateTime(row.paymentTime, offset) : null,
    urge: row.urge === UrgeState.DONE ? UrgeState.DONE : UrgeState.PRESS,
    receiptConfirmed: row.receiptConfirmed,
    retriesToday,
    retried,
    sent: row.submittedAt !== null,
  };
}

/** Which of these failed orders were withdrawn again already (their ids). */
export async function retriedAmong(db: Db, ids: readonly number[]): Promise<ReadonlySet<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ retryOf: withdrawOrders.retryOf })
    .from(withdrawOrders)
    .where(inArray(withdrawOrders.retryOf, [...ids]));
  return new Set(rows.flatMap((r) => (r.retryOf === null ? [] : [r.retryOf])));
}

/** The retry made of a failed order, if there is one (its order number). */
export async function retryOfOrder(db: Db, failedId: number): Promise<string | null> {
  const [row] = await db
    .select({ orderNum: withdrawOrders.orderNum })
    .from(withdrawOrders)
    .where(eq(withdrawOrders.retryOf, failedId));
  return row?.orderNum ?? null;
}

/** 'Withdraw again' orders a person made since the start of the day (UTC), against the limit. */
export async function retriesToday(db: Db, userId: number, now: Date): Promise<number> {
  const dayStart = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawOrders)
    .where(
      and(
        eq(withdrawOrders.userId, userId),
        gte(withdrawOrders.createdAt, dayStart),
        sql`${withdrawOrders.retryOf} IS NOT NULL`,
      ),
    );
  return row?.n ?? 0;
}

export function withdrawRetriesLeft(used: number): boolean {
  return used < wallet.withdrawRetriesPerDay;
}

/**
 * Whose order this is (a recharge's or a withdrawal's, by number and channel), read before its
 * transaction so the owner's money lock can come first (db/locks.ts): an order's owner never
 * changes. Null when there is no such order.
 */
export async function ownerOfOrder(
  db: Db,
  table: typeof rechargeOrders | typeof withdrawOrders,
  orderNum: string,
  channel?: string,
): Promise<number | null> {
  const [row] = await db
    .select({ userId: table.userId })
    .from(table)
    .where(
      channel === undefined
        ? eq(table.orderNum, orderNum)
        : and(eq(table.orderNum, orderNum), eq(table.provider, channel)),
    );
  return row?.userId ?? null;
}

/** A person's recharge by number (another person's is as unknown as one that does not exist). */
export async function ownRecharge(
  db: Db,
  userId: number,
  orderNum: string,
  lock = false,
): Promise<RechargeRow> {
  const query = db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.orderNum, orderNum), eq(rechargeOrders.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return row;
}

export async function ownWithdraw(
  db: Db,
  userId: number,
  orderNum: string,
  lock = false,
): Promise<WithdrawRow> {
  const query = db
    .select()
    .from(withdrawOrders)
    .where(and(eq(withdrawOrders.orderNum, orderNum), eq(withdrawOrders.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return row;
}

type RechargeChange = Partial<Omit<RechargeRow, "id" | "orderNum" | "userId" | "status">>;
type WithdrawChange = Partial<Omit<WithdrawRow, "id" | "orderNum" | "userId" | "status">>;

/**
 * Move a recharge (locked by the caller) to `to` if the state machine allows it, with its other
 * changes, and record the transition. Answers the new row, or null when the move is not allowed
 * (a duplicate or stale notification: nothing changes).
 */
export async function moveRecharge(
  tx: Db,
  row: RechargeRow,
  to: RechargeStatus,
  cause: string,
  change: RechargeChange = {},
  detail: unknown = null,
): Promise<RechargeRow | null> {
  if (!canRechargeMove(row.status as RechargeStatus, to)) return null;
  const [moved] = await tx
    .update(rechargeOrders)
    .set({ ...change, status: to, updatedAt: sql`now()` })
    .where(and(eq(rechargeOrders.id, row.id), eq(rechargeOrders.status, row.status)))
    .returning();
  if (!moved) return null;
  await recordEvent(tx, OrderTab.RECHARGE_ORDER, row.id, row.status, cause, to, detail);
  return moved;
}

export async function moveWithdraw(
  tx: Db,
  row: WithdrawRow,
  to: WithdrawStatus,
  cause: string,
  change: WithdrawChange = {},
  detail: unknown = null,
): Promise<WithdrawRow | null> {
  if (!canWithdrawMove(row.status as WithdrawStatus, to)) return null;
  const [moved] = await tx
    .update(withdrawOrders)
    .set({ ...change, status: to, updatedAt: sql`now()` })
    .where(and(eq(withdrawOrders.id, row.id), eq(withdrawOrders.status, row.status)))
    .returning();
  if (!moved) return null;
  await recordEvent(tx, OrderTab.WITHDRAW_ORDER, row.id, row.status, cause, to, detail);
  return moved;
}

/**
 * Record what happened to an order: a transition from `status` to `to`, or, without `to`, a change
 * that is not one (urged, sent, receipt confirmed).
 */
export async function recordEvent(
  tx: Db,
  orderType: OrderTab,
  orderId: number,
  status: string,
  cause: string,
  to: string = status,
  detail: unknown = null,
) {
  await tx
    .insert(orderEvents)
    .values({ orderType, orderId, fromStatus: status, toStatus: to, cause, detail });
}

/** The newest orders first, within the spec's 30 days. */
export function withinRecordDays(now: Date): Date {
  return new Date(now.getTime() - wallet.transactionRecordDays * 86_400_000);
}

export const newestRechargeFirst = desc(rechargeOrders.id);
export const newestWithdrawFirst = desc(withdrawOrders.id);
