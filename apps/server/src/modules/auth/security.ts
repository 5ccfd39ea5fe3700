/**
 * The account's own security (Step 15): the password changed (with the old one) or set (with a
 * code to one's phone), the phone changed in two steps (a code to today's phone answers a ticket;
 * the ticket, the new number and its code change it), and the account deleted (a code, the
 * agreement, nothing unfinished). Every change that a thief could use signs out the other sessions.
 */
import {
  BusinessCode,
  RechargeStatus,
  SmsCodeType,
  WithdrawStatus,
  validatePassword,
} from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { rechargeOrders, users, walletAccounts, withdrawOrders } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { hashPassword, hmac, sameText, verifyPassword } from "../../security/hashing";
import { consumeSign, openPassword } from "./keys";
import { attemptSucceeded, reserveAttempt } from "./lockout";
import { endOtherAccess } from "./sessions";
import { useCode } from "./sms";
import { userRow } from "../user/accounts";

/** How long the ticket of a verified phone lets /bindphone finish the change. */
export const PHONE_TICKET_SECONDS = 10 * 60;

export async function changePassword(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"user.changePassword">,
): Promise<ResponseOf<"user.changePassword">> {
  const user = await userRow(ctx, caller.userId);
  await consumeSign(ctx, body.sign);
  const password = await openPassword(ctx, body.password);
  const problem = validatePassword(password);
  if (problem) throw new BusinessError(BusinessCode.invalid, problem.key);
  if (body.oldPassword !== undefined) {
    if (user.passwordHash === null)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.passwordNotSet);
    const old = await openPassword(ctx, body.oldPassword);
    // An old password tried is a password attempt: it pays into the lockout as a sign-in does
    // (counted before the check, so a burst of guesses cannot get past the limit).
    const attempt = await reserveAttempt(ctx, user.mobile, request.ip);
    if (!(await verifyPassword(old, user.passwordHash)))
      throw new BusinessError(BusinessCode.invalid, ServerMessage.wrongOldPassword);
    await attemptSucceeded(ctx, attempt);
    if (old === password) throw new BusinessError(BusinessCode.invalid, ServerMessage.samePassword);
  } else if (body.code !== undefined) {
    await useCode(ctx, user.mobile, SmsCodeType.PASSWORD, body.code, { owner: user.id });
  }
  const passwordHash = await hashPassword(password, ctx.config.passwordHashCost);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endOtherAccess(ctx, tx, user.id, caller.sessionId);
  });
  return null;
}

/** The ticket proves "this user's phone was `mobile` and they had its code", until `expires`. */
function phoneTicket(ctx: AppContext, userId: number, mobile: string, expires: number): string {
  return `${String(expires)}.${hmac(ctx.secrets.signingKey, `phone-ticket:${String(userId)}:${mobile}:${String(expires)}`)}`;
}

export async function verifyPhone(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.verifyPhone">,
): Promise<ResponseOf<"user.verifyPhone">> {
  const user = await userRow(ctx, caller.userId);
  await useCode(ctx, user.mobile, SmsCodeType.PHONE_OLD, body.code, { owner: user.id });
  const expires = ctx.now().getTime() + PHONE_TICKET_SECONDS * 1000;
  return { ticket: phoneTicket(ctx, user.id, user.mobile, expires), expiresInSeconds: PHONE_TICKET_SECONDS };
}

export async function changePhone(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.changePhone">,
): Promise<ResponseOf<"user.changePhone">> {
  const user = await userRow(ctx, caller.userId);
  // Bound to the phone of today: once it changed, the same ticket cannot change it again.
  const expires = Number(body.ticket.split(".")[0]);
  if (
    !Number.isSafeInteger(expires) ||
    expires < ctx.now().getTime() ||
    !sameText(body.ticket, phoneTicket(ctx, user.id, user.mobile, expires))
  ) {
    throw new BusinessError(BusinessCode.invalid, ServerMessage.phoneTicketExpired);
  }
  if (body.mobile === user.mobile) throw new BusinessError(BusinessCode.invalid, ServerMessage.samePhone);
  await useCode(ctx, body.mobile, SmsCodeType.PHONE_NEW, body.code, { owner: user.id });
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ mobile: body.mobile }).where(eq(users.id, user.id));
      await endOtherAccess(ctx, tx, user.id, caller.sessionId);
    });
  } catch (error) {
    // Another account took the number since the code was sent (the live-mobile unique index).
    if (isUniqueViolation(error))
      throw new BusinessError(BusinessCode.conflict, ServerMessage.phoneRegistered);
    throw error;
  }
  return null;
}

/** 'Sign out of all other devices' (security settings): every other session, and the identity card. */
export async function signOutOthers(
  ctx: AppContext,
  { caller }: SignedInInput<"user.signOutOthers">,
): Promise<ResponseOf<"user.signOutOthers">> {
  const user = await userRow(ctx, caller.userId);
  await endOtherAccess(ctx, ctx.db, user.id, caller.sessionId);
  return null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The balances and unfinished orders that deleting the account would meet. */
async function logoffFacts(ctx: AppContext, userId: number): Promise<ResponseOf<"user.logoffCheck">> {
  const balances = await ctx.db
    .select({ type: walletAccounts.type, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId));
  const of = (type: string) => balances.filter((b) => b.type === type).reduce((sum, b) => sum + b.balance, 0);
  const [recharges] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.userId, userId),
        inArray(rechargeOrders.status, [RechargeStatus.PAYING, RechargeStatus.PROCESSING]),
      ),
    );
  const [withdrawals] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawOrders)
    .where(and(eq(withdrawOrders.userId, userId), eq(withdrawOrders.status, WithdrawStatus.WITHDRAWING)));
  const unfinishedRecharges = recharges?.n ?? 0;
  const unfinishedWithdrawals = withdrawals?.n ?? 0;
  return {
    gold: of("GOLD"),
    wallet: of("WALLET"),
    game: of("GAME"),
    unfinishedRecharges,
    unfinishedWithdrawals,
    canLogoff: unfinishedRecharges === 0 && unfinishedWithdrawals === 0,
  };
}

export async function logoffCheck(
  ctx: AppContext,
  { caller }: SignedInInput<"user.logoffCheck">,
): Promise<ResponseOf<"user.logoffCheck">> {
  await userRow(ctx, caller.userId);
  return logoffFacts(ctx, caller.userId);
}

/**
 * Delete the account: its code and the agreement, and nothing unfinished. The row stays (deleted)
 * with its ledger, so the books still balance; the phone is free for a new account; every session
 * and the identity card stop working at once.
 */
export async function logoff(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.logoff">,
): Promise<ResponseOf<"user.logoff">> {
  const user = await userRow(ctx, caller.userId);
  if (!(await logoffFacts(ctx, user.id)).canLogoff)
    throw new BusinessError(BusinessCode.conflict, ServerMessage.logoffUnfinished);
  await useCode(ctx, user.mobile, SmsCodeType.LOGOFF, body.code, { owner: user.id });
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ deletedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
    await endOtherAccess(ctx, tx, user.id, null);
  });
  return null;
}
