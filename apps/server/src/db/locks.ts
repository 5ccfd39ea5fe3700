import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Db } from "./database";

/**
 * What a transaction-scoped advisory lock serialises. Each kind is its own lock class (the first
 * key of PostgreSQL's two-key form), so keys of different kinds can never share a lock.
 */
export const LockKind = {
  /** Sends and checks of one phone's SMS codes. */
  smsPhone: 8100,
  /** Password attempts for one phone, then from one address (always taken in that order). */
  passwordPhone: 8101,
  passwordAddress: 8102,
  /** One person's upload quota. */
  uploadQuota: 8103,
  /** Everything that moves one person's money (the lock order below; decision 0023). */
  personMoney: 8104,
  /** The live chat streams one address holds open (their leases; Step 18). */
  liveStreamAddress: 8110,
  /** The audit log's hash chain: one operator action appended at a time (Step 22). */
  auditChain: 8120,
} as const;
export type LockKind = (typeof LockKind)[keyof typeof LockKind];

/** Hold the lock of `key` of this kind until the transaction ends. */
export async function lockUntilCommit(tx: Db, kind: LockKind, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${kind}, hashtext(${key}))`);
}

/*
 * THE LOCK ORDER of money (decision 0023). Every transaction that moves a person's money, or reads
 * a balance to decide whether it may, takes these in this order and no other:
 *
 *   1. the person's money lock (`lockPeople`), before anything else in the transaction — several
 *      people (a video's refunds) in ascending id order;
 *   2. then rows in any order: the person's wallet rows, bets, the bonus condition, orders, codes.
 *      Nobody else can hold them, because every other writer of them holds step 1 first;
 *   3. the platform's accounts last, as `post` takes them (the legs of a journal sorted: people's
 *      accounts first, then the platform's by name, one random shard each).
 *
 * One exception: a journal's payees (`Journal.payees`: a video's author paid their share of a sale)
 * are credited without their lock. Money arriving undoes no decision of theirs, the relative
 * UPDATE takes their row's lock, and it is their journal's last person-row — so a popular author's
 * sales never queue on one lock (measured in modules/trade/race.test.ts). A payee's leg is never a
 * debit.
 *
 * A buy is one statement (`buy_video`, migration 0024, decision 0034): the function takes the same
 * lock first (`person_money_lock`, class 8104 and the key `personKey` computes), then these steps.
 *
 * A transaction that posts several journals may take two platform shards in another order than a
 * concurrent one; that (rare) deadlock, and any serialisation failure, is retried by `transact`
 * (db/transaction.ts), never answered to a client. `post` refuses to move the money of a person
 * whose lock this transaction does not hold, so a path that forgets step 1 fails in its first test.
 */

/** The people whose money lock each open transaction holds (keyed by the transaction's handle). */
const held = new WeakMap<object, Set<number>>();

/** The two int4 keys of a person's lock: the id itself while it fits, else its hash (shared rarely). */
function personKey(userId: number) {
  return userId <= 2_147_483_647 ? sql`${userId}::int4` : sql`hashtext(${String(userId)})`;
}

/**
 * Take the money lock of each person (ascending ids, each once) until the transaction ends. Step 1
 * of the lock order: call it before any other statement of the transaction that reads or moves
 * their money.
 */
export async function lockPeople(tx: Db, ...userIds: readonly number[]): Promise<void> {
  const mine = held.get(tx) ?? new Set<number>();
  held.set(tx, mine);
  const wanted = [...new Set(userIds)].filter((id) => !mine.has(id)).sort((a, b) => a - b);
  for (const userId of wanted) {
    await tx.execute(sql`select ${personLockExpression(userId)}`);
    mine.add(userId);
  }
}

/**
 * The person's money lock as an SQL expression, for a statement that must come first anyway to
 * take it on its way (the idempotency claim: one round trip less a money call). Call
 * `tookPersonLock` once the statement ran.
 */
export function personLockExpression(userId: number): SQL {
  return sql`pg_advisory_xact_lock(${LockKind.personMoney}, ${personKey(userId)})`;
}

/** Note that this transaction's statement took the person's lock (`personLockExpression`). */
export function tookPersonLock(tx: Db, userId: number): void {
  const mine = held.get(tx) ?? new Set<number>();
  mine.add(userId);
  held.set(tx, mine);
}

/** Whether this transaction holds the person's money lock. */
export function holdsPerson(tx: Db, userId: number): boolean {
  return held.get(tx)?.has(userId) ?? false;
}
