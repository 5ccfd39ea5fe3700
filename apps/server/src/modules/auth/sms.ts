import { and, desc, eq, gt, isNull, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { BusinessCode, SmsCodeType, limits } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { LockKind, lockUntilCommit } from "../../db/locks";
import { smsCodes, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { DAY_MS, HOUR_MS, MINUTE_MS, countIn, pruneBudgets, take } from "../../security/budget";
import type { Refusal } from "../../security/budget";
import { hmac, randomDigits, sameText } from "../../security/hashing";

export const CODE_LIFETIME_MS = 5 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

function codeHash(ctx: AppContext, mobile: string, purpose: string, code: string): string {
  // Keyed, because 10 000 four-digit codes are trivial to try against a plain hash.
  return hmac(ctx.secrets.signingKey, `${mobile}:${purpose}:${code}`);
}

async function isRegistered(ctx: AppContext, mobile: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), isNull(users.deletedAt)));
  return row !== undefined;
}

/** The refusal of a spent budget, saying when to try again (minutes within the hour, else hours). */
function budgetSpent(refusal: Refusal): BusinessError {
  const minutes = Math.max(1, Math.ceil(refusal.retryAfterMs / MINUTE_MS));
  const data = retryAfter(refusal.retryAfterMs);
  return minutes <= 60
    ? new BusinessError(BusinessCode.tooMany, ServerMessage.smsBudgetMinutes, { minutes }, data)
    : new BusinessError(
        BusinessCode.tooMany,
        ServerMessage.smsBudgetHours,
        { hours: Math.ceil(refusal.retryAfterMs / HOUR_MS) },
        data,
      );
}

/**
 * The data of a refusal to send now: the seconds until a send can succeed, so the app's 'get code'
 * button counts down from what the server knows rather than from a guess.
 */
function retryAfter(ms: number): { readonly retryAfterSeconds: number } {
  return { retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
}

/** When this process last forgot old budget windows (once an hour is plenty). */
let prunedAt = 0;

/**
 * Send a verification code: one per phone per 60 s (whatever the purpose), REGISTER and PHONE_NEW
 * only to a new number, and RESET (and PAYEE, WITHDRAW, PASSWORD, PHONE_OLD, LOGOFF: codes of
 * money leaving or of the account's own changes) only to a registered one. Concurrent sends to one phone are serialised by an
 * advisory lock, so two taps cannot both pass the 60 s check. Every send is paid from budgets
 * (settings SMS_*): codes per phone per day, sends per address and for everyone per minute / hour
 * / day, so nobody can pump SMS to many numbers nor collect a phone's codes all day.
 */
export async function sendCode(
  ctx: AppContext,
  mobile: string,
  purpose: SmsCodeType,
  address: string,
): Promise<void> {
  const forNewNumbers: readonly SmsCodeType[] = [SmsCodeType.REGISTER, SmsCodeType.PHONE_NEW];
  if (forNewNumbers.includes(purpose) && (await isRegistered(ctx, mobile))) {
    throw new BusinessError(BusinessCode.conflict, ServerMessage.phoneRegistered);
  }
  const forRegistered: readonly SmsCodeType[] = [
    SmsCodeType.RESET,
    SmsCodeType.PAYEE,
    SmsCodeType.WITHDRAW,
    SmsCodeType.PASSWORD,
    SmsCodeType.PHONE_OLD,
    SmsCodeType.LOGOFF,
  ];
  if (forRegistered.includes(purpose) && !(await isRegistered(ctx, mobile))) {
    throw new BusinessError(BusinessCode.notFound, ServerMessage.phoneNotRegistered);
  }
  const code = randomDigits(limits.smsCodeLength);
  const now = ctx.now();
  const rowId = await ctx.db.transaction(async (tx) => {
    await lockUntilCommit(tx, LockKind.smsPhone, mobile);
    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.mobile, mobile))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    const waitMs = last ? ctx.config.smsResendSeconds * 1000 - (now.getTime() - last.createdAt.getTime()) : 0;
    if (waitMs > 0) {
      throw new BusinessError(
        BusinessCode.tooMany,
        ServerMessage.smsTooSoon,
        { seconds: Math.ceil(waitMs / 1000) },
        retryAfter(waitMs),
      );
    }
    // Inside this transaction: a refusal by a later budget gives back what the earlier ones took.
    const { config } = ctx;
    const phoneDay = await take(
      tx,
      `sms:phone:${mobile}`,
      [{ windowMs: DAY_MS, limit: config.smsSendsPerPhonePerDay }],
      now,
    );
    if (phoneDay) {
      throw new BusinessError(
        BusinessCode.tooMany,
        ServerMessage.smsPhoneDailyLimit,
        { hours: Math.ceil(phoneDay.retryAfterMs / HOUR_MS) },
        retryAfter(phoneDay.retryAfterMs),
      );
    }
    for (const [key, budget] of [
      [`sms:addr:${address}`, config.smsSendPerAddress],
      ["sms:all", config.smsSendGlobal],
    ] as const) {
      const spent = await take(
        tx,
        key,
        [
          { windowMs: MINUTE_MS, limit: budget.perMinute },
          { windowMs: HOUR_MS, limit: budget.perHour },
          { windowMs: DAY_MS, limit: budget.perDay },
        ],
        now,
      );
      if (spent) throw budgetSpent(spent);
    }
    const [row] = await tx
      .insert(smsCodes)
      .values({
        mobile,
        purpose,
        codeHash: codeHash(ctx, mobile, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
      })
      .returning({ id: smsCodes.id });
    return row?.id;
  });
  if (now.getTime() - prunedAt > HOUR_MS) {
    prunedAt = now.getTime();
    await pruneBudgets(ctx.db, now);
  }
  try {
    await ctx.sms.sendCode(mobile, purpose, code);
  } catch (error) {
    ctx.log.error({ err: error }, "sms gateway failed");
    if (rowId !== undefined) await ctx.db.delete(smsCodes).where(eq(smsCodes.id, rowId));
    throw new BusinessError(BusinessCode.invalid, ServerMessage.smsSendFailed);
  }
}

/** A check refused for a count spent: which sentence, with its numbers. */
interface Refused {
  readonly key: ServerMessage;
  readonly values: Record<string, number>;
}

/**
 * Who is trying a code: a stranger for all the server knows (sign-in, registration, reset: by the
 * address the request came from), or the signed-in owner of the phone (a withdrawal, a payee card, a
 * new password, a phone change, deletion: by the account).
 */
export type CodeRequester = { readonly address: string } | { readonly owner: number };

/**
 * Check a code without using it up: the newest code of this phone and purpose — a newer code voids
 * the older ones, whether they were used or not — unused, within 5 minutes and fewer than 5 wrong
 * tries. Wrong codes are counted (committed at once, whatever the caller does next) per phone and
 * purpose per day (SMS_WRONG_CODES_PER_PHONE_PER_DAY: past it, that purpose's codes of that phone are
 * not even looked at until the day is over, so 10 000 four-digit codes cannot be walked through
 * with fresh codes), and for a stranger also per address per hour
 * (SMS_WRONG_CODES_PER_ADDRESS_PER_HOUR). So strangers' wrong LOGIN codes slow them and that
 * purpose only: the signed-in owner's WITHDRAW, PAYEE, PASSWORD codes keep working. Answers the
 * code's id, for `consumeCode` in the transaction of what it allows: a request refused before it
 * does anything does not use its code up.
 */
export async function checkCode(
  ctx: AppContext,
  mobile: string,
  purpose: SmsCodeType,
  code: string,
  who: CodeRequester,
): Promise<number> {
  const now = ctx.now();
  const { config } = ctx;
  const outcome = await ctx.db.transaction(async (tx): Promise<number | ServerMessage | Refused> => {
    await lockUntilCommit(tx, LockKind.smsPhone, mobile);
    const wrongKey = `sms:wrong:${mobile}:${purpose}`;
    if ((await countIn(tx, wrongKey, DAY_MS, now)) >= config.smsWrongCodesPerPhonePerDay) {
      const dayEnds = Math.ceil(now.getTime() / DAY_MS) * DAY_MS;
      return {
        key: ServerMessage.smsWrongDailyLimit,
        values: { hours: Math.max(1, Math.ceil((dayEnds - now.getTime()) / HOUR_MS)) },
      };
    }
    const addressKey = "address" in who ? `sms:wrong-addr:${who.address}` : null;
    if (
      addressKey !== null &&
      (await countIn(tx, addressKey, HOUR_MS, now)) >= config.smsWrongCodesPerAddressPerHour
    ) {
      const hourEnds = Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS;
      return {
        key: ServerMessage.smsWrongFromAddress,
        values: { minutes: Math.max(1, Math.ceil((hourEnds - now.getTime()) / MINUTE_MS)) },
      };
    }
    const [row] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.id))
      .limit(1);
    if (row === undefined) return ServerMessage.smsCodeWrong;
    // A code used already, or voided by a newer one (only the newest is looked at), is wrong.
    if (row.consumedAt !== null) return ServerMessage.smsCodeWrong;
    if (row.expiresAt.getTime() <= now.getTime()) return ServerMessage.smsCodeExpired;
    if (row.attempts >= MAX_CODE_ATTEMPTS) return ServerMessage.smsCodeLocked;
    if (!sameText(row.codeHash, codeHash(ctx, mobile, purpose, code))) {
      await take(tx, wrongKey, [{ windowMs: DAY_MS, limit: config.smsWrongCodesPerPhonePerDay }], now);
      if (addressKey !== null)
        await take(
          tx,
          addressKey,
          [{ windowMs: HOUR_MS, limit: config.smsWrongCodesPerAddressPerHour }],
          now,
        );
      await tx
        .update(smsCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(smsCodes.id, row.id));
      return row.attempts + 1 >= MAX_CODE_ATTEMPTS ? ServerMessage.smsCodeLocked : ServerMessage.smsCodeWrong;
    }
    return row.id;
  });
  if (typeof outcome === "number") return outcome;
  if (typeof outcome === "string") throw new BusinessError(BusinessCode.invalid, outcome);
  throw new BusinessError(BusinessCode.tooMany, outcome.key, outcome.values);
}

/**
 * Use up a code `checkCode` found right, in the transaction of what it allows (so it is used up
 * exactly when that commits): refused when it was used meanwhile, has expired, or a newer code of
 * its purpose was sent since.
 */
export async function consumeCode(tx: Db, codeId: number, now: Date): Promise<void> {
  const newer = alias(smsCodes, "newer");
  const [used] = await tx
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(smsCodes.id, codeId),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, now),
        notExists(
          tx
            .select({ id: newer.id })
            .from(newer)
            .where(
              and(
                eq(newer.mobile, smsCodes.mobile),
                eq(newer.purpose, smsCodes.purpose),
                gt(newer.id, smsCodes.id),
              ),
            ),
        ),
      ),
    )
    .returning({ id: smsCodes.id });
  if (!used) throw new BusinessError(BusinessCode.invalid, ServerMessage.smsCodeWrong);
}

/** Check a code and use it up at once (where nothing else has to commit with it). */
export async function useCode(
  ctx: AppContext,
  mobile: string,
  purpose: SmsCodeType,
  code: string,
  who: CodeRequester,
): Promise<void> {
  const codeId = await checkCode(ctx, mobile, purpose, code, who);
  await ctx.db.transaction((tx) => consumeCode(tx, codeId, ctx.now()));
}
