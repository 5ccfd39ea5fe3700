import { randomInt } from "node:crypto";
import type { Db } from "./database";
import { databaseCode } from "./errors";

/** PostgreSQL's codes for a transaction it gave up so another could go on: try it again. */
const RETRYABLE = new Set([
  "40001", // serialization_failure
  "40P01", // deadlock_detected
]);

/** How many times a transaction is run in all before its failure is the caller's. */
export const TRANSACT_ATTEMPTS = 6;

/** A deadlock or serialization failure: nothing was written, and running it again is safe. */
export function isRetryable(error: unknown): boolean {
  const code = databaseCode(error);
  return code !== null && RETRYABLE.has(code);
}

export interface TransactOptions {
  readonly isolationLevel?: "read committed" | "repeatable read" | "serializable";
  /** Called before each retry (a metric, a test's count). */
  readonly onRetry?: (error: unknown, attempt: number) => void;
}

/**
 * Run `work` in a transaction, again (up to TRANSACT_ATTEMPTS in all, after a short random wait
 * that grows) when PostgreSQL chose it as the victim of a deadlock or a serialization failure —
 * the lock order (db/locks.ts) makes those rare, and this makes the rare one invisible to the
 * caller. `work` must only write through `tx` (it may run more than once); what it does outside
 * the database belongs after `transact` returns.
 */
export async function transact<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  options: TransactOptions = {},
): Promise<T> {
  const config = options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined;
  return retried(() => db.transaction((tx) => work(tx as unknown as Db), config), options);
}

/**
 * Run `attempt` — one statement that is a transaction of its own (a database function: a buy,
 * decision 0034), or a whole transaction — again when PostgreSQL chose it as the victim of a
 * deadlock or a serialization failure, as `transact` does: up to TRANSACT_ATTEMPTS in all, after a
 * short random wait that grows. Nothing it wrote survives a failed attempt.
 */
export async function retried<T>(
  attempt: () => Promise<T>,
  options: Pick<TransactOptions, "onRetry"> = {},
): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= TRANSACT_ATTEMPTS || !isRetryable(error)) throw error;
      options.onRetry?.(error, tries);
      // 5–20 ms, then up to twice as long each time: the two sides rarely meet again.
      const ceiling = 20 * 2 ** (tries - 1);
      await new Promise((resolve) => setTimeout(resolve, randomInt(5, ceiling + 1)));
    }
  }
}
