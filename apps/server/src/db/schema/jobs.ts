/**
 * Durable background work (src/jobs): notification retries, order expiry, payouts. A job is
 * claimed with FOR UPDATE SKIP LOCKED and a lease, so two processes never run it at once and a
 * crashed process's job is taken up again when its lease ends.
 */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    /** At most one unfinished job per key (e.g. `withdraw.payout:W123`). */
    key: text("key"),
    payload: jsonb("payload").notNull(),
    /** Who caused it (db/cause.ts): its run writes in their name, the job named beside them. */
    cause: jsonb("cause"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(25),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** Set when it ran out of attempts: kept for the operator, never run again. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_due")
      .on(t.runAt)
      .where(sql`${t.doneAt} IS NULL AND ${t.failedAt} IS NULL`),
    uniqueIndex("jobs_key_open")
      .on(t.key)
      .where(sql`${t.doneAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);
