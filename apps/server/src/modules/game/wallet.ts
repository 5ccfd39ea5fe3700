/**
 * The game balance (decision 0021): the game coin (GAME) and its bonus (GAME_BONUS), exchanges with
 * gold and their bonus condition, and the seamless wallet's bets and wins — each a journal of the
 * ledger, idempotent by its reference.
 */
import {
  BusinessCode,
  GameRoundOutcome,
  MessageKind,
  exchangeBonus,
  formatAmount,
  wageringAfterExchange,
} from "@platform/domain";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/database";
import { gameBets, gameWagering, games, users, walletAccounts } from "../../db/schema";
import { writeMessage } from "../user/messages";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { BalanceType, PlatformAccount, platform, post, userAccount } from "../ledger/wallet";

/**
 * The game balance and bonus of a person. Read, not locked: whoever moves them holds the person's
 * money lock first (db/locks.ts), as the caller of anything that decides on them must.
 */
async function gameBalances(tx: Db, userId: number): Promise<{ game: number; bonus: number }> {
  const rows = await tx
    .select({ type: walletAccounts.type, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(
      and(
        eq(walletAccounts.userId, userId),
        inArray(walletAccounts.type, [BalanceType.GAME, BalanceType.GAME_BONUS]),
      ),
    );
  const of = (type: BalanceType) => rows.find((r) => r.type === type)?.balance ?? 0;
  return { game: of(BalanceType.GAME), bonus: of(BalanceType.GAME_BONUS) };
}

/** The game balance alone (the "original bet balance" of the bonus condition). */
export async function gameBalanceOf(tx: Db, userId: number): Promise<number> {
  return (await gameBalances(tx, userId)).game;
}

/**
 * The game figures, each with one definition: the game balance, the locked bonus, what a player
 * can bet (`playable`: the two together — what a game's page shows, the wallet answering it) and
 * the bets still needed. The lobby (`game.userBalance`) and the wallet's calls both read them here.
 */
export async function gameFigures(
  tx: Db,
  userId: number,
): Promise<{ game: number; bonus: number; playable: number; wagerRemaining: number }> {
  const { game, bonus } = await gameBalances(tx, userId);
  return { game, bonus, playable: game + bonus, wagerRemaining: await wagerRemaining(tx, userId) };
}

/** What a player can bet: the game balance and the bonus (`gameFigures`' `playable`). */
export async function playable(tx: Db, userId: number): Promise<number> {
  return (await gameFigures(tx, userId)).playable;
}

/** The bets still needed before the bonus unlocks (0: none). */
export async function wagerRemaining(tx: Db, userId: number): Promise<number> {
  const [row] = await tx
    .select({ remaining: gameWagering.remaining })
    .from(gameWagering)
    .where(eq(gameWagering.userId, userId));
  return row?.remaining ?? 0;
}

/** Whether a player id names a person of this platform (a provider may sign any number). */
export async function isPlayer(tx: Db, userId: number): Promise<boolean> {
  if (!Number.isSafeInteger(userId) || userId < 1) return false;
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row !== undefined;
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
  const bonus = exchangeBonus(exchanged, bonusPercent);
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

type BetRow = typeof gameBets.$inferSelect;

/** A bet by its provider and the provider's transaction id. */
const betKey = (provider: string, transactionId: string) =>
  and(eq(gameBets.provider, provider), eq(gameBets.transactionId, transactionId));

async function betOf(tx: Db, provider: string, transactionId: string): Promise<BetRow | undefined> {
  const [bet] = await tx.select().from(gameBets).where(betKey(provider, transactionId));
  return bet;
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
  const fromGame = Math.min(amount, game);
  const fromBonus = amount - fromGame;
  const [placed] = await tx
    .insert(gameBets)
    .values({ provider, transactionId, userId, gameCode, amount, fromBonus: Math.min(fromBonus, amount) })
    .onConflictDoNothing()
    .returning({ amount: gameBets.amount });
  if (!placed) {
    const [before] = await tx
      .select({ userId: gameBets.userId, amount: gameBets.amount })
      .from(gameBets)
      .where(betKey(provider, transactionId));
    if (before?.userId !== userId || before.amount !== amount)
      throw new BusinessError(BusinessCode.conflict, ServerMessage.idempotencyKeyReused);
    return { balance: game + bonus, replayed: true };
  }
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

/** The most a bet's win may be before it is held for an operator (decision 0023). */
export interface WinLimits {
  /** A multiple of the bet. */
  readonly maxMultiple: number;
  /** An absolute cap per round, in hundredths. */
  readonly max: number;
}

export function winCap(limits: WinLimits, bet: number): number {
  return Math.min(limits.max, bet * limits.maxMultiple);
}

/** What became of a win call. */
export type WinOutcome =
  | { readonly kind: "paid"; readonly balance: number }
  | { readonly kind: "unknownBet" }
  | { readonly kind: "voided" }
  | { readonly kind: "held"; readonly balance: number };

/**
 * The outcome of a bet of this player's: a win from the house to the game balance (0: lost). A bet
 * is settled once, so a replayed or second outcome for it (whatever its own transaction id)
 * changes nothing; a bet the sweep voided (its stake given back) takes no outcome any more. A win
 * above the limits is refused and kept on the bet for an operator (`heldWin`): the bet stays
 * open until one pays or refuses it. When the last bet waiting for its outcome is settled with
 * nothing left to play (game balance and bonus spent), the bonus is lost and its condition lapses:
 * the next exchange starts one of its own (10 × it + the 0 held before). Not before: while a bet
 * waits, a win may still come, and it would be the bonus's winnings. The caller holds the
 * player's money lock.
 */
export async function payWin(
  tx: Db,
  userId: number,
  provider: string,
  betTransactionId: string,
  amount: number,
  limits: WinLimits,
): Promise<WinOutcome> {
  const [bet] = await tx
    .select()
    .from(gameBets)
    .where(
      and(
        eq(gameBets.provider, provider),
        eq(gameBets.transactionId, betTransactionId),
        eq(gameBets.userId, userId),
      ),
    );
  if (!bet) return { kind: "unknownBet" };
  if (bet.voidedAt !== null) return { kind: "voided" };
  if (bet.settledAt !== null) return { kind: "paid", balance: await playable(tx, userId) };
  if (amount > winCap(limits, bet.amount)) {
    if (bet.heldWin === null) {
      await tx.update(gameBets).set({ heldWin: amount }).where(betKey(provider, betTransactionId));
      await writeMessage(tx, userId, {
        kind: MessageKind.GAME_ROUND,
        params: await roundParams(tx, bet, amount, GameRoundOutcome.WIN_HELD),
      });
    }
    return { kind: "held", balance: await playable(tx, userId) };
  }
  return { kind: "paid", balance: await settle(tx, bet, amount) };
}

/** Settle an open bet with what it won (the caller holds the lock and checked it is open). */
async function settle(tx: Db, bet: BetRow, amount: number): Promise<number> {
  const { userId, provider, transactionId } = bet;
  await tx
    .update(gameBets)
    .set({ won: amount, settledAt: sql`now()` })
    .where(betKey(provider, transactionId));
  if (amount > 0) {
    await post(tx, {
      kind: "GAME_WIN",
      reference: referenceOf(provider, `settle:${transactionId}`),
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

/** A message's words about a round: its game in both languages, its stake and amount. */
async function roundParams(tx: Db, bet: BetRow, amount: number, outcome: GameRoundOutcome) {
  const [game] = await tx
    .select({ name: games.name, nameEn: games.nameEn })
    .from(games)
    .where(eq(games.code, bet.gameCode));
  return {
    gameName: game?.name ?? bet.gameCode,
    gameNameEn: game?.nameEn ?? bet.gameCode,
    stake: bet.amount,
    amount,
    outcome,
  };
}

/**
 * Void an open bet that never got an outcome (the sweep): its stake goes back where it came from —
 * the bonus part to the bonus while a condition is open (and the bet no longer counts towards
 * it), all of it to the game balance otherwise — as the GAME_VOID journal, and the player is told.
 * A bet whose win waits for an operator is not the sweep's. The caller holds the lock. Answers
 * whether it voided the bet.
 */
export async function voidBet(tx: Db, provider: string, transactionId: string): Promise<boolean> {
  const bet = await betOf(tx, provider, transactionId);
  if (bet === undefined) return false;
  if (bet.settledAt !== null || bet.heldWin !== null) return false;
  const { userId, amount } = bet;
  const remaining = await wagerRemaining(tx, userId);
  const toBonus = remaining > 0 ? bet.fromBonus : 0;
  await tx
    .update(gameBets)
    .set({ won: 0, settledAt: sql`now()`, voidedAt: sql`now()` })
    .where(betKey(provider, transactionId));
  await post(tx, {
    kind: "GAME_VOID",
    reference: referenceOf(provider, `void:${transactionId}`),
    legs: [
      { account: platform(PlatformAccount.GAME_HOUSE), amount: -amount },
      { account: userAccount(userId, BalanceType.GAME), amount: amount - toBonus },
      { account: userAccount(userId, BalanceType.GAME_BONUS), amount: toBonus },
    ].filter((leg) => leg.amount !== 0),
  });
  if (remaining > 0) await setRemaining(tx, userId, remaining + amount);
  await writeMessage(tx, userId, {
    kind: MessageKind.GAME_ROUND,
    params: await roundParams(tx, bet, amount, GameRoundOutcome.VOIDED),
  });
  return true;
}

/** An operator's decision on a held win: pay it as claimed, or settle the bet as lost. */
export async function decideHeldWin(
  tx: Db,
  provider: string,
  transactionId: string,
  pay: boolean,
): Promise<BetRow | null> {
  const bet = await betOf(tx, provider, transactionId);
  if (bet === undefined) return null;
  if (bet.settledAt !== null || bet.heldWin === null) return null;
  const amount = pay ? bet.heldWin : 0;
  await settle(tx, bet, amount);
  await writeMessage(tx, bet.userId, {
    kind: MessageKind.GAME_ROUND,
    params: await roundParams(
      tx,
      bet,
      bet.heldWin,
      pay ? GameRoundOutcome.WIN_PAID : GameRoundOutcome.WIN_REFUSED,
    ),
  });
  return bet;
}
