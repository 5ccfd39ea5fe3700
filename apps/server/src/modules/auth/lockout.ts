import { and, count, eq, gt } from "drizzle-orm";
import type { AppContext } from "../../context";
import { authFailures } from "../../db/schema";
import { BusinessCode, BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";

/** Wrong passwords: 5 for one phone, or 30 from one address, within 15 minutes lock it out. */
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_PHONE = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

async function failuresOf(ctx: AppContext, key: string): Promise<number> {
  const since = new Date(ctx.now().getTime() - LOCKOUT_WINDOW_MS);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gt(authFailures.createdAt, since)));
  return row?.n ?? 0;
}

export async function assertNotLockedOut(ctx: AppContext, mobile: string, address: string): Promise<void> {
  if ((await failuresOf(ctx, `phone:${mobile}`)) >= MAX_FAILURES_PER_PHONE) {
    throw new BusinessError(BusinessCode.tooMany, ServerMessage.lockedOut, {
      minutes: LOCKOUT_WINDOW_MS / 60_000,
    });
  }
  if ((await failuresOf(ctx, `addr:${address}`)) >= MAX_FAILURES_PER_ADDRESS) {
    throw new BusinessError(BusinessCode.tooMany, ServerMessage.tooManyFromAddress);
  }
}

export async function recordFailure(ctx: AppContext, mobile: string, address: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.insert(authFailures).values([
    { key: `phone:${mobile}`, createdAt: now },
    { key: `addr:${address}`, createdAt: now },
  ]);
}

export async function clearPhoneFailures(ctx: AppContext, mobile: string): Promise<void> {
  await ctx.db.delete(authFailures).where(eq(authFailures.key, `phone:${mobile}`));
}
