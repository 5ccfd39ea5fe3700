import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { rateCounters } from "../db/schema";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** One fixed window of a budget: at most `limit` within each `windowMs` (aligned to the epoch). */
export interface Window {
  readonly windowMs: number;
  readonly limit: number;
}

/** A refused take: which window was full and how long until it opens again. */
export interface Refusal {
  readonly windowMs: number;
  readonly retryAfterMs: number;
}

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Take one from each window of a budget, atomically: each count goes up only while it is under its
 * limit (`insert … on conflict do update … where count < limit`: the row lock makes concurrent
 * takes queue, so exactly `limit` pass however many race). Run it inside the transaction of the
 * work it pays for, so a refusal by a later window — or a failure of the work — rolls back the
 * earlier windows' counts too. Returns the first full window, or null when all had room.
 */
export async function take(
  tx: Db,
  key: string,
  windows: readonly Window[],
  now: Date,
): Promise<Refusal | null> {
  for (const { windowMs, limit } of windows) {
    const start = windowStart(now, windowMs);
    const counted = await tx
      .insert(rateCounters)
      .values({ key: `${key}:${String(windowMs)}`, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateCounters.key, rateCounters.windowStart],
        set: { count: sql`${rateCounters.count} + 1` },
        setWhere: sql`${rateCounters.count} < ${limit}`,
      })
      .returning({ count: rateCounters.count });
    // No row back: the conflict's update was skipped, the window is full.
    if (counted.length === 0) {
      return { windowMs, retryAfterMs: start.getTime() + windowMs - now.getTime() };
    }
  }
  return null;
}

/** How many a window has counted so far (without taking one). */
export async function countIn(tx: Db, key: string, windowMs: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: rateCounters.count })
    .from(rateCounters)
    .where(
      and(
        eq(rateCounters.key, `${key}:${String(windowMs)}`),
        eq(rateCounters.windowStart, windowStart(now, windowMs)),
      ),
    );
  return row?.n ?? 0;
}

/** Forget windows that ended more than a day ago (they can refuse nothing any more). */
export async function pruneBudgets(db: Db, now: Date): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(now.getTime() - 2 * DAY_MS)));
}
