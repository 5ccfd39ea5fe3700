/**
 * The job queue's writing side (decision 0031): what a module enqueues in its own transaction, and
 * what a handler is told. The runner (runner.ts) claims and runs.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { currentCause } from "../db/cause";
import type { Db } from "../db/database";
import { jobs } from "../db/schema";

/** A handler's answer "not yet: look again at `at`" (not a failure). Any other answer: done. */
export class Again {
  constructor(readonly at: Date) {}
}

/** What a handler is told of its attempt. */
export interface JobAttempt {
  readonly id: number;
  readonly attempts: number;
  /**
   * Aborted when this process may no longer run the job: its lease was lost (another process
   * holds the job now: stop, write nothing more) or the process is shutting down (the job is
   * handed back and runs again elsewhere). Pass it to anything long (ffmpeg, fetch).
   */
  readonly signal: AbortSignal;
}

export type JobHandler = (payload: unknown, job: JobAttempt) => Promise<unknown>;

/**
 * The queues, each with its own number of jobs a process runs at once, so a long transcode never
 * holds up a payout: `money` (payments, payouts, bets), `transcode` (ffmpeg), `default` (the rest).
 */
export type JobQueueName = "default" | "money" | "transcode";

/** The NOTIFY channel an enqueue wakes the runners with (in the enqueuing transaction). */
export const JOBS_CHANNEL = "jobs_due";

export interface NewJob {
  readonly kind: string;
  /** At most one unfinished job per key: a second enqueue of the key is ignored. */
  readonly key?: string;
  readonly payload: unknown;
  readonly runAt: Date;
  readonly maxAttempts?: number;
}

/**
 * Add a job in the caller's transaction, so it exists exactly when the work that needs it does. It
 * carries the cause of its making (db/cause.ts): what it writes is attributed to whoever asked.
 */
export async function enqueue(tx: Db, job: NewJob): Promise<void> {
  const cause = currentCause();
  await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key ?? null,
      payload: job.payload,
      cause: cause === undefined ? null : { ...cause, job: null },
      runAt: job.runAt,
      ...(job.maxAttempts === undefined ? {} : { maxAttempts: job.maxAttempts }),
    })
    .onConflictDoNothing();
  // Runners LISTENing take it at once when the transaction commits (nothing if it rolls back).
  await wake(tx, job.kind);
}

async function wake(tx: Db, kind: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`);
}

/** Move an unfinished job (by key) to run at `runAt`, e.g. an urged payout to now. */
export async function reschedule(tx: Db, key: string, runAt: Date): Promise<void> {
  await tx
    .update(jobs)
    .set({ runAt })
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt), isNull(jobs.failedAt)));
  await wake(tx, key);
}
