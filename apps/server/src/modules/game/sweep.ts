/**
 * The settlement sweep (decision 0023): a bet with no outcome GAME_BET_SETTLE_MINUTES after it was
 * placed — the provider never sent its win or loss — is voided: its stake goes back, and the player
 * is told. A durable job that runs every minute on one process at a time (`JobRunner.every`).
 */
import { and, asc, isNull, lt } from "drizzle-orm";
import type { AppContext } from "../../context";
import { currentCause, withCause } from "../../db/cause";
import { lockPeople } from "../../db/locks";
import { gameBets } from "../../db/schema";
import { transact } from "../../db/transaction";
import { voidBet } from "./wallet";

export const SWEEP_JOB = "game.sweep";
export const SWEEP_EVERY_MS = 60_000;

/**
 * Void the bets left open too long (at most `batch` a run), as the system's doing unless someone's
 * scope says otherwise. Answers how many it voided.
 */
export async function sweepOpenBets(ctx: AppContext, batch = 200): Promise<number> {
  const cause = currentCause() ?? { actor: "system", actorId: SWEEP_JOB, requestId: null, address: null };
  return withCause(cause, () => sweep(ctx, batch));
}

async function sweep(ctx: AppContext, batch: number): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.game.betSettleMinutes * 60_000);
  const open = await ctx.db
    .select({ provider: gameBets.provider, transactionId: gameBets.transactionId, userId: gameBets.userId })
    .from(gameBets)
    .where(and(isNull(gameBets.settledAt), isNull(gameBets.heldWin), lt(gameBets.placedAt, cutoff)))
    .orderBy(asc(gameBets.placedAt))
    .limit(batch);
  let voided = 0;
  for (const bet of open) {
    const done = await transact(ctx.db, async (tx) => {
      await lockPeople(tx, bet.userId);
      return voidBet(tx, bet.provider, bet.transactionId);
    });
    if (done) voided++;
  }
  if (voided > 0) ctx.log.info({ voided }, "game: bets without an outcome voided");
  return voided;
}
