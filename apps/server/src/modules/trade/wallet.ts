import { and, eq, gte, sql } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { Db } from "../../db/database";
import { ledgerEntries, walletAccounts } from "../../db/schema";
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

/** Why a balance changed (the ledger's reason). */
export type LedgerReason = "SEED" | "BUY_VIDEO" | "RECHARGE" | "WITHDRAW" | "TRANSFER" | "OPEN_VIP" | "GRANT";

export interface Movement {
  readonly userId: number;
  readonly type: BalanceType;
  /** Hundredths, more than zero. */
  readonly amount: number;
  readonly reason: LedgerReason;
  /** What it belongs to, e.g. `purchases:12`. */
  readonly reference?: string;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`a movement needs a positive whole amount, not ${String(amount)}`);
}

/**
 * Add to a balance (the account is made on first use) and write the ledger entry, in the caller's
 * transaction. The upsert is one statement, so concurrent credits never lose one another.
 */
export async function credit(tx: Db, movement: Movement): Promise<number> {
  assertAmount(movement.amount);
  const [account] = await tx
    .insert(walletAccounts)
    .values({ userId: movement.userId, type: movement.type, balance: movement.amount })
    .onConflictDoUpdate({
      target: [walletAccounts.userId, walletAccounts.type],
      set: { balance: sql`${walletAccounts.balance} + ${movement.amount}`, updatedAt: sql`now()` },
    })
    .returning({ id: walletAccounts.id, balance: walletAccounts.balance });
  if (!account) throw new Error("wallet account not written");
  await tx.insert(ledgerEntries).values({
    accountId: account.id,
    userId: movement.userId,
    amount: movement.amount,
    balanceAfter: account.balance,
    reason: movement.reason,
    reference: movement.reference ?? null,
  });
  return account.balance;
}

/**
 * Take from a balance, or refuse when it does not cover the amount. The check and the change are
 * one conditional UPDATE: it takes the row lock, so two debits can never both spend the same
 * money (a read-then-write would, on PostgreSQL), and the table's constraint keeps it ≥ 0 anyway.
 */
export async function debit(tx: Db, movement: Movement): Promise<number> {
  assertAmount(movement.amount);
  const [account] = await tx
    .update(walletAccounts)
    .set({ balance: sql`${walletAccounts.balance} - ${movement.amount}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(walletAccounts.userId, movement.userId),
        eq(walletAccounts.type, movement.type),
        gte(walletAccounts.balance, movement.amount),
      ),
    )
    .returning({ id: walletAccounts.id, balance: walletAccounts.balance });
  if (!account) throw new BusinessError(BusinessCode.insufficient, ServerMessage.balanceTooLow);
  await tx.insert(ledgerEntries).values({
    accountId: account.id,
    userId: movement.userId,
    amount: -movement.amount,
    balanceAfter: account.balance,
    reason: movement.reason,
    reference: movement.reference ?? null,
  });
  return account.balance;
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
