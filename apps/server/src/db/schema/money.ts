/** Money (decision 0008): one account per user and balance type, the double-entry ledger, idempotency keys. */
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { userRef } from "./accounts";

export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    id: id(),
    userId: userRef(),
    /** GOLD, WALLET, GAME, GAME_BONUS… (BalanceType). */
    type: text("type").notNull(),
    /** Hundredths; never below zero. */
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallet_accounts_user_type").on(t.userId, t.type),
    check("wallet_accounts_balance_not_negative", sql`${t.balance} >= 0`),
  ],
);

/** Every change of every balance, written in the same transaction as the change; never updated. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => walletAccounts.id),
    userId: userRef(),
    /** Signed hundredths: credits positive, debits negative. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    balanceAfter: bigint("balance_after", { mode: "number" }).notNull(),
    /** Why: BUY_VIDEO, SEED, RECHARGE, WITHDRAW, TRANSFER, OPEN_VIP… */
    reason: text("reason").notNull(),
    /** What it belongs to, e.g. purchases:12. */
    reference: text("reference"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_account").on(t.accountId, t.id),
    index("ledger_entries_user").on(t.userId, t.createdAt),
    check("ledger_entries_not_zero", sql`${t.amount} <> 0`),
    check("ledger_entries_balance_not_negative", sql`${t.balanceAfter} >= 0`),
  ],
);

/** Money calls already answered, by the caller's Idempotency-Key: a retry gets the same answer. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: userRef(),
    key: text("key").notNull(),
    endpoint: text("endpoint").notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
