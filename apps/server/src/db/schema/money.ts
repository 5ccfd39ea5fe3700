/**
 * Money (decisions 0008 and 0014): one account per user and balance type plus the platform's own
 * accounts, the double-entry ledger (journals whose entries sum to zero), idempotency keys.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { userRef, users } from "./accounts";

/** A user's reference that is empty on the platform's own accounts. */
function ownerRef() {
  return bigint("user_id", { mode: "number" }).references(() => users.id);
}

export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    id: id(),
    /** The owner; empty on the platform's accounts (CLEARING, WITHDRAW_HOLD, PAYOUTS, REVENUE…). */
    userId: ownerRef(),
    /** GOLD, WALLET, GAME, GAME_BONUS… (BalanceType), or a PlatformAccount. */
    type: text("type").notNull(),
    /** Hundredths; a user's never below zero (the platform's are signed: money in is negative). */
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Which of a platform account's rows this is (Step 13): each platform account is a few rows,
     * moved at random, so concurrent movements (every purchase credits REVENUE) do not queue on one
     * row's lock. Its balance is the sum of its rows. Always 0 on a person's account.
     */
    shard: integer("shard").notNull().default(0),
  },
  (t) => [
    uniqueIndex("wallet_accounts_user_type").on(t.userId, t.type),
    uniqueIndex("wallet_accounts_platform_type")
      .on(t.type, t.shard)
      .where(sql`${t.userId} IS NULL`),
    check("wallet_accounts_shard", sql`${t.shard} >= 0 and (${t.userId} IS NULL or ${t.shard} = 0)`),
    check("wallet_accounts_balance_not_negative", sql`${t.userId} IS NULL OR ${t.balance} >= 0`),
  ],
);

/**
 * One movement of money: its entries (ledger_entries) sum to zero. Its kind and reference are
 * unique, so the same movement (a recharge's settlement, a purchase) can never be posted twice.
 */
export const journals = pgTable(
  "journals",
  {
    id: id(),
    /** RECHARGE, BUY_VIDEO, TRANSFER, WITHDRAW, WITHDRAW_PAYOUT, WITHDRAW_RETURN, GRANT… */
    kind: text("kind").notNull(),
    /** What it belongs to: an order number, `purchases:12`, a transfer's key. */
    reference: text("reference").notNull(),
    /**
     * Who caused it (decision 0023, db/cause.ts): person, operator, provider or system, and which
     * (a person's id, an operator's name, a provider's channel, the system's part).
     */
    actor: text("actor").notNull(),
    actorId: text("actor_id").notNull(),
    /** The request that caused it (its X-Request-Id) and the caller's address, when one did. */
    requestId: text("request_id"),
    address: text("address"),
    /** The durable job that carried it out (`withdraw.payout#12`), when one did. */
    job: text("job"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("journals_kind_reference").on(t.kind, t.reference),
    check(
      "journals_actor",
      sql`${t.actor} IN ('person', 'operator', 'provider', 'system') AND ${t.actorId} <> ''`,
    ),
  ],
);

/** Every change of every balance, written in the same transaction as the change; never updated. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    journalId: bigint("journal_id", { mode: "number" })
      .notNull()
      .references(() => journals.id),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => walletAccounts.id),
    /** The account's owner (empty on platform accounts), kept here for the statement's reads. */
    userId: ownerRef(),
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
    index("ledger_entries_user").on(t.userId, t.id),
    index("ledger_entries_journal").on(t.journalId),
    check("ledger_entries_not_zero", sql`${t.amount} <> 0`),
    check("ledger_entries_balance_not_negative", sql`${t.userId} IS NULL OR ${t.balanceAfter} >= 0`),
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
