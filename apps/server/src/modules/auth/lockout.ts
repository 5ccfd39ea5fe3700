import { and, count, eq, gt, inArray } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { LockKind, lockUntilCommit } from "../../db/locks";
import { authFailures } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";

/** Wrong passwords: 5 for one phone, or 30 from one address, within 15 minutes lock it out. */
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_PHONE = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

async function failuresOf(tx: Db, key: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gt(authFailures.createdAt, since)));
  return row?.n ?? 0;
}

/** A password attempt paid for in advance: it counts as a failure unless it is given back. */
export interface Attempt {
  readonly mobile: string;
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
    if ((await failuresOf(tx, `phone:${mobile}`, since)) >= MAX_FAILURES_PER_PHONE) {
      throw new BusinessError(BusinessCode.tooMany, ServerMessage.lockedOut, {
        minutes: LOCKOUT_WINDOW_MS / 60_000,
      });
    }
    if ((await failuresOf(tx, `addr:${address}`, since)) >= MAX_FAILURES_PER_ADDRESS) {
      throw new BusinessError(BusinessCode.tooMany, ServerMessage.tooManyFromAddress);
    }
    const rows = await tx
      .insert(authFailures)
      .values([
        { key: `phone:${mobile}`, createdAt: now },
        { key: `addr:${address}`, createdAt: now },
      ])
      .returning({ id: authFailures.id });
    return { mobile, ids: rows.map((r) => r.id) };
  });
}

/** The attempt was not a password tried (a stale sign, an unreadable ciphertext): give it back. */
export async function releaseAttempt(ctx: AppContext, attempt: Attempt): Promise<void> {
  await ctx.db.delete(authFailures).where(inArray(authFailures.id, [...attempt.ids]));
}

/** The right password: the attempt was no failure, and the phone's earlier failures are forgiven. */
export async function attemptSucceeded(ctx: AppContext, attempt: Attempt): Promise<void> {
  await releaseAttempt(ctx, attempt);
  await clearPhoneFailures(ctx, attempt.mobile);
}

export async function clearPhoneFailures(ctx: AppContext, mobile: string): Promise<void> {
  await ctx.db.delete(authFailures).where(eq(authFailures.key, `phone:${mobile}`));
}
