import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { currentCause, isCause, withCause } from "../db/cause";
import type { Cause } from "../db/cause";
import type { Db } from "../db/database";
import { jobs } from "../db/schema";

/** A handler's answer "not yet: look again at `at`" (not a failure). Any other answer: done. */
export class Again {
  constructor(readonly at: Date) {}
}

export type JobHandler = (
  payload: unknown,
  job: { readonly id: number; readonly attempts: number },
) => Promise<unknown>;

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
}

/** Move an unfinished job (by key) to run at `runAt`, e.g. an urged payout to now. */
export async function reschedule(tx: Db, key: string, runAt: Date): Promise<void> {
  await tx
    .update(jobs)
    .set({ runAt })
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt), isNull(jobs.failedAt)));
}

export interface JobRunnerOptions {
  /** How often to look for due jobs (ms). */
  readonly pollMs: number;
  /** How long a claimed job is this process's: past it, another process may take it up. */
  readonly leaseMs: number;
  /** Jobs claimed per look. */
  readonly batch: number;
}

/** Wait before the next attempt: 1 s, 2 s, 4 s… at most 5 minutes. */
function backoffMs(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Runs due jobs of the `jobs` table. A job is claimed with FOR UPDATE SKIP LOCKED and a lease, so
 * processes sharing a database never run one job at once, and a job whose process died (kill -9)
 * is taken up again when its lease ends: handlers must be idempotent, and are.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly worker = `${hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions,
  ) {}

  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`a job handler for ${kind} is registered already`);
    this.handlers.set(kind, handler);
  }

  private readonly recurring: string[] = [];

  /**
   * A job that runs again and again, every `intervalMs` after it last ran: one row in the table
   * (its key is the kind), made when a process starts if none is open, so however many processes
   * run, it runs once per interval — and a failed run is tried again like any job.
   */
  every(kind: string, intervalMs: number, handler: () => Promise<unknown>): void {
    this.register(kind, async () => {
      await handler();
      return new Again(new Date(this.now().getTime() + intervalMs));
    });
    this.recurring.push(kind);
  }

  start(): void {
    this.stopped = false;
    for (const kind of this.recurring)
      void enqueue(this.db, { kind, key: kind, payload: {}, runAt: this.now() }).catch((error: unknown) => {
        this.log.error({ err: error, kind }, "jobs: a recurring job could not be made");
      });
    this.timer = setInterval(() => {
      void this.runDue();
    }, this.options.pollMs);
    this.timer.unref();
  }

  /** Stop looking and wait for the jobs in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pass;
  }

  /** One look: claim the due jobs and run them. Answers how many ran (one look at a time). */
  runDue(): Promise<number> {
    if (this.pass) return this.pass;
    this.pass = this.claimAndRun().finally(() => {
      this.pass = undefined;
    });
    return this.pass;
  }

  /** Look until nothing is due (tests and shutdown). */
  async drain(maxPasses = 100): Promise<void> {
    for (let i = 0; i < maxPasses; i++) if ((await this.runDue()) === 0) return;
  }

  private async claimAndRun(): Promise<number> {
    if (this.stopped) return 0;
    const now = this.now();
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return 0;
    let claimed: {
      id: number | string;
      kind: string;
      payload: unknown;
      cause: unknown;
      attempts: number;
      max_attempts: number;
    }[];
    try {
      const result = await this.db.execute(sql`
        UPDATE jobs SET locked_until = ${new Date(now.getTime() + this.options.leaseMs)},
          locked_by = ${this.worker}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM jobs
          WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${now}
            AND (locked_until IS NULL OR locked_until <= ${now})
            AND kind IN (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})
          ORDER BY run_at, id LIMIT ${this.options.batch}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, cause, attempts, max_attempts`);
      claimed = (result as { rows: typeof claimed }).rows.map((row) => ({ ...row, id: Number(row.id) }));
    } catch (error) {
      this.log.error({ err: error }, "jobs: claiming failed");
      return 0;
    }
    await Promise.all(claimed.map((job) => this.runOne({ ...job, id: Number(job.id) })));
    return claimed.length;
  }

  private async runOne(job: {
    id: number;
    kind: string;
    payload: unknown;
    cause: unknown;
    attempts: number;
    max_attempts: number;
  }) {
    const handler = this.handlers.get(job.kind);
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.worker));
    // A long job (a transcode) keeps its lease while it runs: renewed at a third of its length, so
    // only a process that died (kill -9) loses it, and another takes the job up when it ends.
    const renew = setInterval(
      () => {
        void this.db
          .update(jobs)
          .set({ lockedUntil: new Date(this.now().getTime() + this.options.leaseMs) })
          .where(mine)
          .catch((failure: unknown) => {
            this.log.warn({ err: failure, job: job.id }, "jobs: renewing a lease failed");
          });
      },
      Math.max(100, Math.floor(this.options.leaseMs / 3)),
    );
    renew.unref();
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      // In the name of whoever caused the job (the system's, if nobody did), the job named beside.
      const by: Cause = isCause(job.cause)
        ? { ...job.cause, job: `${job.kind}#${String(job.id)}` }
        : {
            actor: "system",
            actorId: job.kind,
            requestId: null,
            address: null,
            job: `${job.kind}#${String(job.id)}`,
          };
      const outcome = await withCause(by, () => handler(job.payload, { id: job.id, attempts: job.attempts }));
      if (outcome instanceof Again) {
        await this.db
          .update(jobs)
          .set({ runAt: outcome.at, lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
          .where(mine);
      } else {
        await this.db.update(jobs).set({ doneAt: this.now(), lockedUntil: null }).where(mine);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const spent = job.attempts >= job.max_attempts;
      this.log.warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, spent, error: message },
        "jobs: attempt failed",
      );
      await this.db
        .update(jobs)
        .set({
          lastError: message.slice(0, 1000),
          lockedUntil: null,
          ...(spent
            ? { failedAt: this.now() }
            : { runAt: new Date(this.now().getTime() + backoffMs(job.attempts)) }),
        })
        .where(mine)
        .catch((failure: unknown) => {
          this.log.error({ err: failure }, "jobs: recording a failure failed");
        });
    } finally {
      clearInterval(renew);
    }
  }
}
