/**
 * The game balance (decision 0021): the game coin (GAME) and its bonus (GAME_BONUS), exchanges with
 * gold and their bonus condition, and the seamless wallet's bets and wins — each a journal of the
 * ledger, idempotent by its reference.
 */
import { BusinessCode, formatAmount, wageringAfterExchange } from "@platform/domain";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/database";
import { gameBets, gameWagering, walletAccounts } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { BalanceType, PlatformAccount, platform, post, userAccount } from "../trade/wallet";

/** The game balance and bonus of a person, locking their rows until the transaction ends. */
async function gameBalances(tx: Db, userId: number): Promise<{ game: number; bonus: number }> {
  const rows = await tx
    .select({ type: walletAccounts.type, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(
      and(
        eq(walletAccounts.userId, userId),
        inArray(walletAccounts.type, [BalanceType.GAME, BalanceType.GAME_BONUS]),
      ),
    )
    .for("update");
  const of = (type: BalanceType) => rows.find((r) => r.type === type)?.balance ?? 0;
  return { game: of(BalanceType.GAME), bonus: of(BalanceType.GAME_BONUS) };
}

/** The game balance alone (the "original bet balance" of the bonus condition), locking the row. */
export async function gameBalanceOf(tx: Db, userId: number): Promise<number> {
  return (await gameBalances(tx, userId)).game;
}

/** What a player can bet: the game balance and the bonus. */
export async function playable(tx: Db, userId: number): Promise<number> {
  const { game, bonus } = await gameBalances(tx, userId);
  return game + bonus;
}

/** The bets still needed before the bonus unlocks (0: none), locking the row. */
export async function wagerRemaining(tx: Db, userId: number): Promise<number> {
  const [row] = await tx
    .select({ remaining: gameWagering.remaining })
    .from(gameWagering)
    .where(eq(gameWagering.userId, userId))
    .for("update");
  return row?.remaining ?? 0;
}

async function setRemaining(tx: Db, userId: number, remaining: number): Promise<void> {
  await tx
    .insert(gameWagering)
    .values({ userId, remaining })
    .onConflictDoUpdate({ target: gameWagering.userId, set: { remaining, updatedAt: sql`now()` } });
}

/**
 * Gold into the game (in the transfer's transaction, after its journal): the bonus of
 * `bonusPercent` and the condition it comes with. `gameBefore` is the game balance before it.
 */
export async function afterExchangeIn(
  tx: Db,
  userId: number,
  exchanged: number,
  gameBefore: number,
  bonusPercent: number,
  reference: string,
): Promise<void> {
  const bonus = Math.floor((exchanged * bonusPercent) / 100);
  if (bonus <= 0) return;
  await post(tx, {
    kind: "GAME_BONUS",
    reference,
    legs: [
      { account: platform(PlatformAccount.GAME_BONUS_EXPENSE), amount: -bonus },
      { account: userAccount(userId, BalanceType.GAME_BONUS), amount: bonus },
    ],
  });
  const remaining = await wagerRemaining(tx, userId);
  await setRemaining(tx, userId, wageringAfterExchange(exchanged, gameBefore, remaining));
}

/** Before the game balance goes back to gold: refused while bets are still required. */
export async function checkExchangeOut(tx: Db, userId: number): Promise<void> {
  const remaining = await wagerRemaining(tx, userId);
  if (remaining > 0) {
    throw new BusinessError(BusinessCode.invalid, ServerMessage.gameWagerPending, {
      amount: formatAmount(remaining),
    });
  }
}

/** A journal's reference for a provider's transaction. */
const referenceOf = (provider: string, transactionId: string) => `${provider}:${transactionId}`;

/** A provider's bet to place. */
export interface Bet {
  readonly provider: string;
  readonly transactionId: string;
  readonly gameCode: string;
  readonly amount: number;
}

/**
 * A bet: the game balance first, then the bonus, to the house. Counts towards the bonus condition;
 * the bet that meets it moves the bonus into the game balance. A replay (the same transaction id,
 * player and amount) changes nothing and says so; the same id for another player or amount is
 * refused. Answers the playable balance after it.
 */
export async function placeBet(
  tx: Db,
  userId: number,
  bet: Bet,
): Promise<{ readonly balance: number; readonly replayed: boolean }> {
  const { provider, transactionId, gameCode, amount } = bet;
  const { game, bonus } = await gameBalances(tx, userId);
  const [placed] = await tx
    .insert(gameBets)
    .values({ provider, transactionId, userId, gameCode, amount })
    .onConflictDoNothing()
    .returning({ amount: gameBets.amount });
  if (!placed) {
    const [before] = await tx
      .select({ userId: gameBets.userId, amount: gameBets.amount })
      .from(gameBets)
      .where(and(eq(gameBets.provider, provider), eq(gameBets.transactionId, transactionId)));
    if (before?.userId !== userId || before.amount !== amount)
      throw new BusinessError(BusinessCode.conflict, ServerMessage.idempotencyKeyReused);
    return { balance: game + bonus, replayed: true };
  }
  const fromGame = Math.min(amount, game);
  const fromBonus = amount - fromGame;
  // Refused: the transaction (and the bet's row with it) is rolled back.
  if (fromBonus > bonus) throw new BusinessError(BusinessCode.insufficient, ServerMessage.gameBalanceTooLow);
  const reference = referenceOf(provider, transactionId);
  const legs = [
    { account: userAccount(userId, BalanceType.GAME), amount: -fromGame },
    { account: userAccount(userId, BalanceType.GAME_BONUS), amount: -fromBonus },
    { account: platform(PlatformAccount.GAME_HOUSE), amount },
  ].filter((leg) => leg.amount !== 0);
  await post(tx, { kind: "GAME_BET", reference, legs });
  const remaining = await wagerRemaining(tx, userId);
  if (remaining > 0) {
    const left = Math.max(0, remaining - amount);
    await setRemaining(tx, userId, left);
    const locked = bonus - fromBonus;
    if (left === 0 && locked > 0) {
      await post(tx, {
        kind: "GAME_BONUS_UNLOCK",
        reference,
        legs: [
          { account: userAccount(userId, BalanceType.GAME_BONUS), amount: -locked },
          { account: userAccount(userId, BalanceType.GAME), amount: locked },
        ],
      });
    }
  }
  return { balance: await playable(tx, userId), replayed: false };
}

/**
 * The outcome of a bet of this player's: a win from the house to the game balance (0: lost); null
 * when the player placed no such bet. A bet is settled once, so a replayed or second outcome for it
 * (whatever its own transaction id) changes nothing. When the last bet waiting for its outcome is
 * settled with nothing left to play (game balance and bonus spent), the bonus is lost and its
 * condition lapses: the next exchange starts one of its own (10 × it + the 0 held before). Not
 * before: while a bet waits, a win may still come, and it would be the bonus's winnings.
 */
export async function payWin(
  tx: Db,
  userId: number,
  provider: string,
  betTransactionId: string,
  amount: number,
): Promise<number | null> {
  const [settling] = await tx
    .update(gameBets)
    .set({ won: amount, settledAt: sql`now()` })
    .where(
      and(
        eq(gameBets.provider, provider),
        eq(gameBets.transactionId, betTransactionId),
        eq(gameBets.userId, userId),
        isNull(gameBets.settledAt),
      ),
    )
    .returning({ amount: gameBets.amount });
  if (!settling) {
    const [bet] = await tx
      .select({ userId: gameBets.userId })
      .from(gameBets)
      .where(and(eq(gameBets.provider, provider), eq(gameBets.transactionId, betTransactionId)));
    return bet?.userId === userId ? playable(tx, userId) : null;
  }
  if (amount > 0) {
    await post(tx, {
      kind: "GAME_WIN",
      reference: referenceOf(provider, `settle:${betTransactionId}`),
      legs: [
        { account: platform(PlatformAccount.GAME_HOUSE), amount: -amount },
        { account: userAccount(userId, BalanceType.GAME), amount },
      ],
    });
  }
  const balance = await playable(tx, userId);
  if (balance === 0 && (await wagerRemaining(tx, userId)) > 0) {
    const [waiting] = await tx
      .select({ count: count() })
      .from(gameBets)
      .where(and(eq(gameBets.userId, userId), isNull(gameBets.settledAt)));
    if ((waiting?.count ?? 0) === 0) await setRemaining(tx, userId, 0);
  }
  return balance;
}
