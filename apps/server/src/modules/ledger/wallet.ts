import { randomInt, randomUUID } from "node:crypto";
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import { currentCause } from "../../db/cause";
import type { Cause } from "../../db/cause";
import type { Db } from "../../db/database";
import { holdsPerson, lockPeople } from "../../db/locks";
import { journals, ledgerEntries, walletAccounts } from "../../db/schema";
import { rowsOf } from "../../db/subqueries";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";

/**
 * The balances a user holds (spec §1: gold shell, platform coin, game coin, game bonus), one
 * account each, in hundredths. GOLD is what videos are bought with; WALLET is the platform coin.
 */
export const BalanceType = {
  GOLD: "GOLD",
  WALLET: "WALLET",
  GAME: "GAME",
  GAME_BONUS: "GAME_BONUS",
} as const;
export type BalanceType = (typeof BalanceType)[keyof typeof BalanceType];
export const balanceTypes = Object.values(BalanceType);

/**
 * The platform's own accounts (decision 0014). Their balances are signed, credits positive: money
 * that came in from outside leaves CLEARING (and EQUITY) negative, so every balance together —
 * users' and platform's — is always exactly zero.
 */
export const PlatformAccount = {
  /** Opening balances: money the seed and grants gave people. */
  EQUITY: "EQUITY",
  /** What buyers paid for videos and membership. */
  REVENUE: "REVENUE",
  /** Money providers collected for us (recharges). */
  CLEARING: "CLEARING",
  /** Withdrawals asked for and not yet paid out or given back. */
  WITHDRAW_HOLD: "WITHDRAW_HOLD",
  /** What providers paid out to people. */
  PAYOUTS: "PAYOUTS",
  /** Reserved-withdrawal bonuses. */
  BONUS_EXPENSE: "BONUS_EXPENSE",
  /** A payout that paid more than was held. */
  PAYOUT_VARIANCE: "PAYOUT_VARIANCE",
  /** The game providers' side of bets and wins (decision 0021). */
  GAME_HOUSE: "GAME_HOUSE",
  /**
   * Money paid that could not be credited as it came (an amount outside its method's range, or
   * too far from its order: decision 0023): held here until an operator credits or refunds it.
   */
  SUSPENSE: "SUSPENSE",
  /** Game bonuses given on exchanges into the game. */
  GAME_BONUS_EXPENSE: "GAME_BONUS_EXPENSE",
} as const;
export type PlatformAccount = (typeof PlatformAccount)[keyof typeof PlatformAccount];

/**
 * How many rows each platform account is kept in (decision 0014, Step 13): a movement changes one
 * of them, at random, so purchases do not all wait for one row's lock; the balance is their sum.
 */
export const PLATFORM_SHARDS = 16;
export const platformAccounts = Object.values(PlatformAccount);

/** What a journal records (its `kind`; with its reference it is unique). */
export type JournalKind =
  | "SEED"
  | "GRANT"
  | "BUY_VIDEO"
  | "BUY_LIVE_TICKET"
  | "REFUND_VIDEO"
  | "MEMBERSHIP"
  | "RECHARGE"
  | "TRANSFER"
  | "GAME_BONUS"
  | "GAME_BONUS_UNLOCK"
  | "GAME_BET"
  | "GAME_WIN"
  | "GAME_VOID"
  | "RECHARGE_HELD"
  | "RECHARGE_REFUND"
  | "WITHDRAW"
  | "WITHDRAW_PAYOUT"
  | "WITHDRAW_RETURN"
  | "WITHDRAW_BONUS"
  /** An operator's manual adjustment (Step 22): the person's balance against EQUITY. */
  | "ADJUSTMENT";

export type Account =
  { readonly userId: number; readonly type: BalanceType } | { readonly platform: PlatformAccount };

/** One side of a journal: signed hundredths (credits positive). */
export interface Leg {
  readonly account: Account;
  readonly amount: number;
}

export interface Journal {
  readonly kind: JournalKind;
  /** An order number, `purchases:12`…: the same kind and reference are posted at most once. */
  readonly reference: string;
  readonly legs: readonly Leg[];
  /**
   * People this journal only pays (a video's author, their share of a sale): their legs must be
   * credits and need no money lock of theirs — money arriving undoes nobody's decision, and the
   * relative UPDATE takes the row's lock. Their rows move after every other person's, so the row is
   * held only for the rest of the transaction (a popular author's sales do not queue on one lock).
   */
  readonly payees?: readonly number[];
  /** Who caused it; by default the cause of the scope it is posted in (db/cause.ts). */
  readonly cause?: Cause;
}

export interface Posted {
  readonly journalId: number;
  /** The balance after the journal of each user account it touched, as `${userId}:${type}`. */
  readonly balances: ReadonlyMap<string, number>;
}

function accountKey(account: Account): string {
  return "platform" in account
    ? `~${account.platform}`
    : `${String(account.userId).padStart(20, "0")}:${account.type}`;
}

/**
 * Legs of one account added together, in one order for every journal (no deadlocks): people whose
 * lock is held, then payees (`Journal.payees`), then the platform's accounts.
 */
function normalised(legs: readonly Leg[], payees: ReadonlySet<number>): Leg[] {
  const byKey = new Map<string, Leg>();
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0)
      throw new Error(`a leg needs a non-zero whole amount, not ${String(leg.amount)}`);
    const key = accountKey(leg.account);
    const earlier = byKey.get(key);
    byKey.set(key, { account: leg.account, amount: (earlier?.amount ?? 0) + leg.amount });
  }
  return [...byKey.entries()]
    .filter(([, leg]) => leg.amount !== 0)
    .map(([key, leg]) => [`${String(moveOrder(leg, payees))}${key}`, leg] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, leg]) => leg);
}

/** Which part of a journal's moves a leg belongs to: locked people 0, payees 1, the platform 2. */
function moveOrder(leg: Leg, payees: ReadonlySet<number>): 0 | 1 | 2 {
  if ("platform" in leg.account) return 2;
  return payees.has(leg.account.userId) ? 1 : 0;
}

/**
 * Post one journal in the caller's transaction: every leg changes its account's balance and
 * writes its ledger entry. The legs must sum to zero. A user's balance never goes below zero: the
 * check and the change are one conditional UPDATE holding the row lock (a read-then-write would
 * lose money under concurrency on PostgreSQL), and the table's constraint holds anyway.
 * Idempotent: a journal of the same kind and reference posts nothing the second time and
 * answers null. It records its cause (who, which request, from where: decision 0023), and moves
 * a person's money only when the transaction holds that person's money lock (db/locks.ts) — or
 * pays them, as a journal's payee.
 */
export async function post(tx: Db, journal: Journal): Promise<Posted | null> {
  const payees = new Set(journal.payees);
  const legs = normalised(journal.legs, payees);
  const total = journal.legs.reduce((sum, leg) => sum + leg.amount, 0);
  if (total !== 0)
    throw new Error(`journal ${journal.kind} ${journal.reference} does not sum to zero (${String(total)})`);
  if (legs.length < 2) throw new Error(`journal ${journal.kind} ${journal.reference} needs two accounts`);
  for (const leg of legs) {
    if ("platform" in leg.account) continue;
    if (payees.has(leg.account.userId)) {
      if (leg.amount < 0) throw new Error(`journal ${journal.kind}: a payee's leg must be a credit`);
    } else if (!holdsPerson(tx, leg.account.userId))
      throw new Error(
        `journal ${journal.kind}: the money of person ${String(leg.account.userId)} moved without their lock (db/locks.ts)`,
      );
  }
  const cause = journal.cause ?? currentCause();
  if (cause === undefined)
    throw new Error(`journal ${journal.kind} ${journal.reference} has no cause (db/cause.ts)`);
  const [made] = await tx
    .insert(journals)
    .values({
      kind: journal.kind,
      reference: journal.reference,
      actor: cause.actor,
      actorId: cause.actorId,
      requestId: cause.requestId,
      address: cause.address,
      job: cause.job ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: journals.id });
  if (!made) return null;
  const balances = new Map<string, number>();
  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  const last = legs[legs.length - 1];
  // A platform account last (a buy's REVENUE, a payout's PAYOUTS): its move and every entry in one
  // statement, one round trip less — it locks that one row only, after the others.
  const joined = last !== undefined && "platform" in last.account;
  for (const leg of joined ? legs.slice(0, -1) : legs) {
    const account = await move(tx, leg);
    if (!("platform" in leg.account))
      balances.set(`${String(leg.account.userId)}:${leg.account.type}`, account.balance);
    entries.push({
      journalId: made.id,
      accountId: account.id,
      userId: "platform" in leg.account ? null : leg.account.userId,
      amount: leg.amount,
      balanceAfter: account.balance,
      reason: journal.kind,
      reference: journal.reference,
    });
  }
  if (joined && "platform" in last.account) {
    const written = await moveLastWithEntries(
      tx,
      made.id,
      journal,
      last.account.platform,
      last.amount,
      entries,
    );
    // The shard's row did not exist yet (its first movement): made, moved, its entry written.
    if (!written) {
      const account = await move(tx, last);
      await tx.insert(ledgerEntries).values({
        journalId: made.id,
        accountId: account.id,
        userId: null,
        amount: last.amount,
        balanceAfter: account.balance,
        reason: journal.kind,
        reference: journal.reference,
      });
    }
    return { journalId: made.id, balances };
  }
  // The entries in one statement, after every balance has moved.
  await tx.insert(ledgerEntries).values(entries);
  return { journalId: made.id, balances };
}

/**
 * Move a platform account's random shard by `amount` and write the journal's entries — the ones
 * given and the shard's — in one statement. Answers false when the shard's row does not exist yet
 * (the given entries are written; the caller makes the row and writes its entry).
 */
async function moveLastWithEntries(
  tx: Db,
  journalId: number,
  journal: Journal,
  account: PlatformAccount,
  amount: number,
  earlier: readonly (typeof ledgerEntries.$inferInsert)[],
): Promise<boolean> {
  const shard = randomInt(PLATFORM_SHARDS);
  const lines = earlier.map(
    (e) =>
      sql`(${e.journalId}::bigint, ${e.accountId}::bigint, ${e.userId ?? null}::bigint, ${e.amount}::bigint, ${e.balanceAfter}::bigint)`,
  );
  const written = rowsOf<{ user_id: unknown }>(
    await tx.execute(sql`
      WITH moved AS (
        UPDATE ${walletAccounts} SET balance = balance + ${amount}, updated_at = now()
        WHERE user_id IS NULL AND type = ${account} AND shard = ${shard}
        RETURNING id, balance),
      lines (journal_id, account_id, user_id, amount, balance_after) AS (
        VALUES ${sql.join(lines, sql`, `)}
        UNION ALL
        SELECT ${journalId}::bigint, id, NULL::bigint, ${amount}::bigint, balance FROM moved)
      INSERT INTO ${ledgerEntries} (journal_id, account_id, user_id, amount, balance_after, reason, reference)
      SELECT journal_id, account_id, user_id, amount, balance_after, ${journal.kind}, ${journal.reference} FROM lines
      RETURNING user_id`),
  );
  return written.length === earlier.length + 1;
}

async function move(tx: Db, leg: Leg): Promise<{ id: number; balance: number }> {
  const change = { balance: sql`${walletAccounts.balance} + ${leg.amount}`, updatedAt: sql`now()` };
  if ("platform" in leg.account) {
    // One of the account's rows, at random: movements at the same time rarely wait for each other.
    const shard = randomInt(PLATFORM_SHARDS);
    const where = and(
      isNull(walletAccounts.userId),
      eq(walletAccounts.type, leg.account.platform),
      eq(walletAccounts.shard, shard),
    );
    const [existing] = await tx
      .update(walletAccounts)
      .set(change)
      .where(where)
      .returning({ id: walletAccounts.id, balance: walletAccounts.balance });
    if (existing) return existing;
    // The first movement of a row makes it; a racing maker wins and this one adds.
    await tx
      .insert(walletAccounts)
      .values({ userId: null, type: leg.account.platform, shard, balance: 0 })
      .onConflictDoNothing();
    const [made] = await tx
      .update(walletAccounts)
      .set(change)
      .where(where)
      .returning({ id: walletAccounts.id, balance: walletAccounts.balance });
    if (!made) throw new Error("platform account not written");
    return made;
  }
  const { userId, type } = leg.account;
  if (leg.amount > 0) {
    const [account] = await tx
      .insert(walletAccounts)
      .values({ userId, type, balance: leg.amount })
      .onConflictDoUpdate({ target: [walletAccounts.userId, walletAccounts.type], set: change })
      .returning({ id: walletAccounts.id, balance: walletAccounts.balance });
    if (!account) throw new Error("wallet account not written");
    return account;
  }
  const [account] = await tx
    .update(walletAccounts)
    .set(change)
    .where(
      and(
        eq(walletAccounts.userId, userId),
        eq(walletAccounts.type, type),
        gte(walletAccounts.balance, -leg.amount),
      ),
    )
    .returning({ id: walletAccounts.id, balance: walletAccounts.balance });
  if (!account) throw new BusinessError(BusinessCode.insufficient, tooLow[type]);
  return account;
}

/** What a refusal says when a balance is short: the balance it is. */
const tooLow: Record<BalanceType, ServerMessage> = {
  GOLD: ServerMessage.balanceTooLow,
  WALLET: ServerMessage.walletBalanceTooLow,
  GAME: ServerMessage.gameBalanceTooLow,
  GAME_BONUS: ServerMessage.gameBalanceTooLow,
};

/** A user's balance of one type as a leg's account. */
export function userAccount(userId: number, type: BalanceType): Account {
  return { userId, type };
}

export function platform(account: PlatformAccount): Account {
  return { platform: account };
}

/**
 * Give a user money the platform owes from its equity (the seed's demo balances, tests' grants):
 * a journal EQUITY → the user's balance. Answers the new balance. It takes the person's money lock
 * itself, so call it first in its transaction; outside any cause's scope it is the system's (the
 * seed's, for SEED).
 */
export async function grant(
  tx: Db,
  movement: {
    userId: number;
    type: BalanceType;
    amount: number;
    kind?: "SEED" | "GRANT";
    reference?: string;
  },
): Promise<number> {
  await lockPeople(tx, movement.userId);
  const kind = movement.kind ?? "GRANT";
  const posted = await post(tx, {
    kind,
    cause: currentCause() ?? {
      actor: "system",
      actorId: kind === "SEED" ? "seed" : "grant",
      requestId: null,
      address: null,
    },
    reference: movement.reference ?? randomUUID(),
    legs: [
      { account: userAccount(movement.userId, movement.type), amount: movement.amount },
      { account: platform(PlatformAccount.EQUITY), amount: -movement.amount },
    ],
  });
  return posted?.balances.get(`${String(movement.userId)}:${movement.type}`) ?? 0;
}

/** Every balance of a user (0 for accounts not made yet). */
export async function balancesOf(db: Db, userId: number): Promise<Record<BalanceType, number>> {
  const rows = await db
    .select({ type: walletAccounts.type, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId));
  const balances = Object.fromEntries(balanceTypes.map((t) => [t, 0])) as Record<BalanceType, number>;
  for (const row of rows) if (row.type in balances) balances[row.type as BalanceType] = row.balance;
  return balances;
}
