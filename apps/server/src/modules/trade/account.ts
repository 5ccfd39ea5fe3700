/**
 * The person's own money views and moves: the balance list, transfers between their balances,
 * the statement (every movement of gold and wallet in the spec's 30 days, from the ledger), the
 * order lists of /ordermanage, the e-wallet link.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, gte, inArray } from "drizzle-orm";
import { BusinessCode, OrderTab, StatementReason, TransferBalance } from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import type { AppContext } from "../../context";
import { ledgerEntries, rechargeOrders, walletAccounts, withdrawOrders } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { formatDateTime, offsetOf } from "../../http/time";
import { intKey, keyset, onPage, pageFrom, planPage } from "../../db/keyset";
import { cancelRecharge } from "./recharge";
import { cancelWithdraw } from "./withdraw-actions";
import { rechargeView, retriedAmong, retriesToday, withdrawView, withinRecordDays } from "./orders";
import { eepayAccountOf, linkedEepayAccount } from "./providers";
import { BalanceType, balanceTypes, balancesOf, post, userAccount } from "../ledger/wallet";
import type { JournalKind } from "../ledger/wallet";
import { afterExchangeIn, checkExchangeOut, gameBalanceOf as playableGame } from "../game/wallet";

export async function accountDetail(
  ctx: AppContext,
  userId: number,
): Promise<ResponseOf<"trade.accountDetail">> {
  const balances = await balancesOf(ctx.db, userId);
  return balanceTypes.map((type) => ({ type, wallet: balances[type] }));
}

/** Move money between the person's own balances (WALLET ↔ GOLD; GAME joins in Step 16). */
export async function userSelfTransfer(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.userSelfTransfer">,
): Promise<ResponseOf<"trade.userSelfTransfer">> {
  await idempotent(ctx, request, caller.userId, "trade.userSelfTransfer", body, async (tx) => {
    const reference = randomUUID();
    // Out of the game only once the bonus condition is met; into it, the bonus and its condition.
    if (body.fromType === TransferBalance.GAME) await checkExchangeOut(tx, caller.userId);
    const gameBefore = body.toType === TransferBalance.GAME ? await playableGame(tx, caller.userId) : 0;
    await post(tx, {
      kind: "TRANSFER",
      reference,
      legs: [
        { account: userAccount(caller.userId, body.fromType), amount: -body.amount },
        { account: userAccount(caller.userId, body.toType), amount: body.amount },
      ],
    });
    if (body.toType === TransferBalance.GAME) {
      await afterExchangeIn(
        tx,
        caller.userId,
        body.amount,
        gameBefore,
        ctx.config.game.bonusPercent,
        reference,
      );
    }
    return { transferred: true };
  });
  return accountDetail(ctx, caller.userId);
}

const reasons: Readonly<Record<JournalKind, StatementReason>> = {
  SEED: StatementReason.GRANT,
  GRANT: StatementReason.GRANT,
  BUY_VIDEO: StatementReason.BUY_VIDEO,
  REFUND_VIDEO: StatementReason.REFUND_VIDEO,
  MEMBERSHIP: StatementReason.MEMBERSHIP,
  BUY_LIVE_TICKET: StatementReason.LIVE_TICKET,
  RECHARGE: StatementReason.RECHARGE,
  TRANSFER: StatementReason.TRANSFER,
  WITHDRAW: StatementReason.WITHDRAW,
  WITHDRAW_PAYOUT: StatementReason.WITHDRAW_CHANGE,
  WITHDRAW_RETURN: StatementReason.WITHDRAW_RETURN,
  WITHDRAW_BONUS: StatementReason.WITHDRAW_BONUS,
  // Game journals move the game balances only, which the statement does not list.
  GAME_BONUS: StatementReason.GRANT,
  GAME_BONUS_UNLOCK: StatementReason.TRANSFER,
  GAME_BET: StatementReason.TRANSFER,
  GAME_WIN: StatementReason.TRANSFER,
  GAME_VOID: StatementReason.TRANSFER,
  // Held payments move platform accounts only, until one is credited (a RECHARGE).
  RECHARGE_HELD: StatementReason.RECHARGE,
  RECHARGE_REFUND: StatementReason.RECHARGE,
  ADJUSTMENT: StatementReason.ADJUSTMENT,
};

/**
 * An entry's reason as the statement names it: by its journal's kind, except that a sale credits
 * its author (their share) and a refund takes that share back (decision 0032).
 */
export function statementReasonOf(kind: string, amount: number): StatementReason {
  if (kind === "BUY_VIDEO" && amount > 0) return StatementReason.CREATOR_SHARE;
  if (kind === "REFUND_VIDEO" && amount < 0) return StatementReason.CREATOR_SHARE_RETURN;
  return Object.hasOwn(reasons, kind) ? reasons[kind as JournalKind] : StatementReason.GRANT;
}

/** Where the person's gold and wallet went, newest first, in the spec's 30 days. */
export async function statement(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.statement">,
): Promise<ResponseOf<"trade.statement">> {
  const where = and(
    eq(ledgerEntries.userId, caller.userId),
    gte(ledgerEntries.createdAt, withinRecordDays(ctx.now())),
    inArray(walletAccounts.type, [BalanceType.GOLD, BalanceType.WALLET]),
  );
  const order = keyset("desc", intKey(ledgerEntries.id));
  const plan = planPage(order, body);
  const rows = await onPage(
    ctx.db
      .select({ entry: ledgerEntries, type: walletAccounts.type, ...plan.keys })
      .from(ledgerEntries)
      .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
      .$dynamic(),
    plan,
    where,
  );
  const offset = offsetOf(request);
  return pageFrom(
    order,
    body,
    rows,
    (shown) =>
      shown.map(({ entry, type }) => ({
        id: String(entry.id),
        balanceType: type,
        reason: statementReasonOf(entry.reason, entry.amount),
        amount: entry.amount,
        balanceAfter: entry.balanceAfter,
        orderNum: entry.reference !== null && /^[RW]\d{20}$/.test(entry.reference) ? entry.reference : null,
        createTime: formatDateTime(entry.createdAt, offset),
      })),
    async () => {
      const [total] = await ctx.db
        .select({ n: count() })
        .from(ledgerEntries)
        .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
        .where(where);
      return total?.n ?? 0;
    },
  );
}

/** The orders of one tab, in the spec's 30 days, newest first, paged. */
export async function userBillDetails(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"trade.userBillDetails">,
): Promise<ResponseOf<"trade.userBillDetails">> {
  const since = withinRecordDays(ctx.now());
  if (body.tab === OrderTab.RECHARGE_ORDER) {
    const where = and(eq(rechargeOrders.userId, caller.userId), gte(rechargeOrders.createdAt, since));
    const order = keyset("desc", intKey(rechargeOrders.id));
    const plan = planPage(order, body);
    const rows = await onPage(
      ctx.db
        .select({ row: rechargeOrders, ...plan.keys })
        .from(rechargeOrders)
        .$dynamic(),
      plan,
      where,
    );
    return pageFrom(
      order,
      body,
      rows,
      (shown) => shown.map(({ row }) => rechargeView(request, row)),
      async () => (await ctx.db.select({ n: count() }).from(rechargeOrders).where(where))[0]?.n ?? 0,
    );
  }
  const where = and(eq(withdrawOrders.userId, caller.userId), gte(withdrawOrders.createdAt, since));
  const order = keyset("desc", intKey(withdrawOrders.id));
  const plan = planPage(order, body);
  const [rows, used] = await Promise.all([
    onPage(
      ctx.db
        .select({ row: withdrawOrders, ...plan.keys })
        .from(withdrawOrders)
        .$dynamic(),
      plan,
      where,
    ),
    retriesToday(ctx.db, caller.userId, ctx.now()),
  ]);
  return pageFrom(
    order,
    body,
    rows,
    async (shown) => {
      const retried = await retriedAmong(
        ctx.db,
        shown.map(({ row }) => row.id),
      );
      return shown.map(({ row }) => withdrawView(request, row, used, retried.has(row.id)));
    },
    async () => (await ctx.db.select({ n: count() }).from(withdrawOrders).where(where))[0]?.n ?? 0,
  );
}

/** Cancel with a reason (spec §5: 0-50 characters): a recharge being paid, or a withdrawal not yet sent. */
export async function cancelOrder(
  ctx: AppContext,
  { body, caller }: SignedInInput<"trade.cancelOrder">,
): Promise<null> {
  if (body.orderNum.startsWith("W")) await cancelWithdraw(ctx, caller.userId, body.orderNum, body.reason);
  else await cancelRecharge(ctx, caller.userId, body.orderNum, body.reason);
  return null;
}

export async function eepayEnterUrl(ctx: AppContext, { caller }: SignedInInput<"trade.eepayEnterUrl">) {
  const account = await eepayAccountOf(ctx.db, caller.userId);
  try {
    return { url: await ctx.payments.eepay.walletEnterUrl(account) };
  } catch (error) {
    ctx.log.error({ err: error }, "trade: the e-wallet did not answer");
    throw new BusinessError(BusinessCode.unavailable, ServerMessage.payMethodUnavailable);
  }
}

export async function eepayBalance(ctx: AppContext, { caller }: SignedInInput<"trade.eepayBalance">) {
  const account = await linkedEepayAccount(ctx.db, caller.userId);
  if (account === null) return { balance: 0, bound: false, account: null };
  try {
    return { balance: await ctx.payments.eepay.walletBalance(account), bound: true, account };
  } catch (error) {
    ctx.log.error({ err: error }, "trade: the e-wallet did not answer");
    throw new BusinessError(BusinessCode.unavailable, ServerMessage.payMethodUnavailable);
  }
}
