import { and, count, eq, gt, inArray, min } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { LockKind, lockUntilCommit } from "../../db/locks";
import { authFailures } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";

/**
 * Wrong passwords, within 15 minutes: 5 for one account (from anywhere) lock that account; from one
 * address, past 30 only accounts not yet tried wrongly from there may still try (so the right
 * password of an account that was not attacked still works behind a shared address), and past 100
 * nothing more is tried from there (password spraying stops). Each refusal says when to retry.
 */
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_PHONE = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const MAX_FAILURES_PER_ADDRESS_AT_ALL = 100;

/** A window's failures of `key`: how many, and when the oldest of them ages out. */
async function failuresOf(tx: Db, key: string, since: Date): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await tx
    .select({ n: count(), oldest: min(authFailures.createdAt) })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gt(authFailures.createdAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/** Whole minutes (at least 1) until the window's oldest failure ages out. */
function minutesUntilFree(oldest: Date | null, now: Date): number {
  const freeAt = (oldest?.getTime() ?? now.getTime()) + LOCKOUT_WINDOW_MS;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
}

/** A password attempt paid for in advance: it counts as a failure unless it is given back. */
export interface Attempt {
  readonly mobile: string;
  readonly address: string;
  readonly ids: readonly number[];
}

/**
 * Reserve one password attempt for this phone and address before the password is even opened:
 * under advisory locks of the phone and the address, count the window's failures, refuse when
 * either is at its limit, else write this attempt as a failure. Check and count are one step, so
 * however many attempts race, at most the limit are ever evaluated (the scrypt in between cannot
 * let a burst through). The locks are always taken phone first, then address: no deadlock.
 */
export async function reserveAttempt(ctx: AppContext, mobile: string, address: string): Promise<Attempt> {
  const now = ctx.now();
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  return ctx.db.transaction(async (tx) => {
    await lockUntilCommit(tx, LockKind.passwordPhone, mobile);
    await lockUntilCommit(tx, LockKind.passwordAddress, address);
    const phone = await failuresOf(tx, `phone:${mobile}`, since);
    if (phone.n >= MAX_FAILURES_PER_PHONE) {
      throw new BusinessError(BusinessCode.tooMany, ServerMessage.lockedOut, {
        minutes: minutesUntilFree(phone.oldest, now),
      });
    }
    const fromAddress = await failuresOf(tx, `addr:${address}`, since);
    if (fromAddress.n >= MAX_FAILURES_PER_ADDRESS) {
      const pair = await failuresOf(tx, `pair:${address}:${mobile}`, since);
      if (pair.n > 0 || fromAddress.n >= MAX_FAILURES_PER_ADDRESS_AT_ALL) {
        throw new BusinessError(BusinessCode.tooMany, ServerMessage.passwordAddressLocked, {
          minutes: minutesUntilFree(fromAddress.oldest, now),
        });
      }
    }
    const rows = await tx
      .insert(authFailures)
      .values([
        { key: `phone:${mobile}`, createdAt: now },
        { key: `addr:${address}`, createdAt: now },
        { key: `pair:${address}:${mobile}`, createdAt: now },
      ])
      .returning({ id: authFailures.id });
    return { mobile, address, ids: rows.map((r) => r.id) };
  });
}

/** The attempt was not a password tried (a stale sign, an unreadable ciphertext): give it back. */
export async function releaseAttempt(ctx: AppContext, attempt: Attempt): Promise<void> {
  await ctx.db.delete(authFailures).where(inArray(authFailures.id, [...attempt.ids]));
}

/**
 * The right password: the attempt was no failure, and the account's earlier failures are forgiven
 * (from this address too; the address's count of others stays).
 */
export async function attemptSucceeded(ctx: AppContext, attempt: Attempt): Promise<void> {
  await releaseAttempt(ctx, attempt);
  await clearPhoneFailures(ctx, attempt.mobile);
  await ctx.db.delete(authFailures).where(eq(authFailures.key, `pair:${attempt.address}:${attempt.mobile}`));
}

export async function clearPhoneFailures(ctx: AppContext, mobile: string): Promise<void> {
  await ctx.db.delete(authFailures).where(eq(authFailures.key, `phone:${mobile}`));
}
