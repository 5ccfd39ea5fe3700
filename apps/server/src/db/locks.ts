import { sql } from "drizzle-orm";
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
} as const;
export type LockKind = (typeof LockKind)[keyof typeof LockKind];

/** Hold the lock of `key` of this kind until the transaction ends. */
export async function lockUntilCommit(tx: Db, kind: LockKind, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${kind}, hashtext(${key}))`);
}
