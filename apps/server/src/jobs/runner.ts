import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { isCause, withCause } from "../db/cause";
import type { Cause } from "../db/cause";
import type { Db } from "../db/database";
import { jobs } from "../db/schema";
import { Again, JOBS_CHANNEL, enqueue } from "./queue";
import type { JobHandler, JobQueueName } from "./queue";

export { Again, JOBS_CHANNEL, enqueue, reschedule } from "./queue";
export type { JobAttempt, JobHandler, JobQueueName, NewJob } from "./queue";

export interface JobRunnerOptions {
  /** How often to look for due jobs (ms) besides the wake-ups: jobs due later, missed NOTIFYs. */
  readonly pollMs: number;
  /** How long a claimed job is this process's: past it, another process may take it up. */
  readonly leaseMs: number;
  /** Jobs of each queue this process runs at once. */
  readonly concurrency: Readonly<Record<JobQueueName, number>>;
}

/** Wait before the next attempt: 1 s, 2 s, 4 s… at most 5 minutes. */
function backoffMs(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

/** Jobs of `kinds` due by `now` that no process holds (a dead one's lease has ended). */
function dueAndFree(kinds: readonly string[], now: Date) {
  return sql`done_at IS NULL AND failed_at IS NULL AND run_at <= ${now}
    AND (locked_until IS NULL OR locked_until <= ${now})
    AND kind IN (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})`;
}

interface Claimed {
  readonly id: number;
  readonly kind: string;
  readonly payload: unknown;
  readonly cause: unknown;
  readonly attempts: number;
  readonly max_attempts: number;
}

interface Running {
  readonly job: Claimed;
  readonly queue: JobQueueName;
  readonly abort: AbortController;
  readonly done: Promise<void>;
}

/** Why a running job's signal was aborted. */
const LEASE_LOST = "lease lost";
const SHUTTING_DOWN = "shutting down";

/**
 * Runs due jobs of the `jobs` table (decision 0031). A job is claimed with FOR UPDATE SKIP LOCKED
 * and a lease, so processes sharing a database never run one job at once; the lease is renewed
 * while the handler runs, and a renewal that finds the job no longer this process's aborts the
 * handler. Each queue runs up to its own number of jobs at once, and a finished job frees its
 * place at once. An enqueue NOTIFYs: runners look at once rather than at the next poll. On stop,
 * nothing more is claimed; jobs still running at the deadline are aborted and handed back, to run
 * again elsewhere at once. A job whose process died (kill -9) is taken up when its lease ends:
 * handlers must be idempotent, and are.
 */
export class JobRunner {
  private readonly handlers = new Map<string, { handler: JobHandler; queue: JobQueueName }>();
  private readonly worker = `${hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<number, Running>();
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<number> | undefined;
  private again = false;
  private stopped = true;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions,
  ) {}

  register(kind: string, handler: JobHandler, queue: JobQueueName = "default"): void {
    if (this.handlers.has(kind)) throw new Error(`a job handler for ${kind} is registered already`);
    this.handlers.set(kind, { handler, queue });
  }

  private readonly recurring: string[] = [];
  /**
   * A job that runs again and again, every `intervalMs` after it last ran: one row in the table
   * (its key is the kind), made when a process starts if none is open, so however many processes
   * run, it runs once per interval — and a failed run is tried again like any job.
   */
  every(
    kind: string,
    intervalMs: number,
    handler: () => Promise<unknown>,
    queue: JobQueueName = "default",
  ): void {
    this.register(
      kind,
      async () => {
        await handler();
        return new Again(new Date(this.now().getTime() + intervalMs));
      },
      queue,
    );
    this.recurring.push(kind);
  }

  /** Whether this process runs jobs (a `web`-only process enqueues but runs none). */
  get started(): boolean {
    return !this.stopped;
  }

  /** Jobs running in this process now, by queue (metrics). */
  runningByQueue(): Record<JobQueueName, number> {
    const counts: Record<JobQueueName, number> = { default: 0, money: 0, transcode: 0 };
    for (const { queue } of this.running.values()) counts[queue] += 1;
    return counts;
  }

  /** Start running jobs: look now, at every wake-up (`listen`: NOTIFY of an enqueue) and every poll. */
  async start(
    listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>,
  ) {
    this.stopped = false;
    for (const kind of this.recurring)
      void enqueue(this.db, { kind, key: kind, payload: {}, runAt: this.now() }).catch((error: unknown) => {
        this.log.error({ err: error, kind }, "jobs: a recurring job could not be made");
      });
    if (listen)
      this.unlisten = await listen(JOBS_CHANNEL, () => {
        this.wake();
      });
    this.timer = setInterval(() => {
      this.wake();
    }, this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /**
   * Stop claiming; wait up to `graceMs` for the jobs in hand, then abort the rest and hand them
   * back (their lease ends now, their attempt is not counted): another process runs them at once.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = undefined;
    await this.pass;
    const inHand = [...this.running.values()];
    if (inHand.length === 0) return;
    let timeout: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      if (Number.isFinite(graceMs)) timeout = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all(inHand.map((r) => r.done)), deadline]);
    clearTimeout(timeout);
    const left = [...this.running.values()];
    if (left.length === 0) return;
    for (const r of left) r.abort.abort(SHUTTING_DOWN);
    await this.handBack(left.map((r) => r.job.id));
    this.log.warn(
      { jobs: left.map((r) => `${r.job.kind}#${String(r.job.id)}`) },
      "jobs: handed back at shutdown",
    );
    // Handlers that honour their signal end now; the process's own deadline cuts the others.
    await Promise.all(left.map((r) => r.done));
  }

  private async handBack(ids: readonly number[]): Promise<void> {
    await this.db
      .execute(
        sql`UPDATE jobs SET locked_until = NULL, locked_by = NULL, attempts = attempts - 1
          WHERE locked_by = ${this.worker} AND id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      )
      .catch((error: unknown) => {
        this.log.error(
          { err: error },
          "jobs: handing jobs back failed (they run again when their lease ends)",
        );
      });
  }

  /** Look for due jobs soon: once now, and once more after the look in progress if there is one. */
  wake(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    void this.runDue();
  }

  /** One look: claim due jobs for every queue with room, and start them. Answers how many. */
  runDue(): Promise<number> {
    if (this.pass) return this.pass;
    this.pass = this.claimAll().finally(() => {
      this.pass = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
    return this.pass;
  }

  /** Run until nothing is due and nothing runs (tests). */
  async drain(maxPasses = 100): Promise<void> {
    const wasStopped = this.stopped;
    this.stopped = false;
    try {
      for (let i = 0; i < maxPasses; i++) {
        const started = await this.runDue();
        const inHand = [...this.running.values()].map((r) => r.done);
        if (started === 0 && inHand.length === 0) return;
        await Promise.all(inHand);
      }
    } finally {
      this.stopped = wasStopped;
    }
  }

  private async claimAll(): Promise<number> {
    if (this.stopped) return 0;
    const running = this.runningByQueue();
    const open = (Object.keys(this.options.concurrency) as JobQueueName[])
      .map((queue) => ({
        queue,
        room: this.options.concurrency[queue] - running[queue],
        kinds: [...this.handlers].filter(([, h]) => h.queue === queue).map(([kind]) => kind),
      }))
      .filter((q) => q.room > 0 && q.kinds.length > 0);
    if (open.length === 0) return 0;
    // One statement when nothing is due (most looks): which kinds are due, then claim only for them.
    const due = open.length === 1 ? null : await this.dueKinds(open.flatMap((q) => q.kinds));
    let started = 0;
    for (const { queue, room, kinds } of open) {
      if (due !== null && !kinds.some((kind) => due.has(kind))) continue;
      for (const job of await this.claim(kinds, room)) {
        this.begin(job, queue);
        started += 1;
      }
    }
    return started;
  }

  /** The kinds among `kinds` with a job due and free now. */
  private async dueKinds(kinds: readonly string[]): Promise<ReadonlySet<string>> {
    const now = this.now();
    try {
      const result = await this.db.execute(sql`
        SELECT DISTINCT kind FROM jobs
        WHERE ${dueAndFree(kinds, now)}`);
      return new Set((result as { rows: { kind: string }[] }).rows.map((row) => row.kind));
    } catch (error) {
      this.log.error({ err: error }, "jobs: looking for due jobs failed");
      return new Set();
    }
  }

  private async claim(kinds: readonly string[], limit: number): Promise<Claimed[]> {
    const now = this.now();
    try {
      const result = await this.db.execute(sql`
        UPDATE jobs SET locked_until = ${new Date(now.getTime() + this.options.leaseMs)},
          locked_by = ${this.worker}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM jobs
          WHERE ${dueAndFree(kinds, now)}
          ORDER BY run_at, id LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, cause, attempts, max_attempts`);
      // PostgreSQL's bigserial id arrives as text.
      return (result as { rows: (Omit<Claimed, "id"> & { id: number | string })[] }).rows.map((row) => ({
        ...row,
        id: Number(row.id),
      }));
    } catch (error) {
      this.log.error({ err: error }, "jobs: claiming failed");
      return [];
    }
  }

  private begin(job: Claimed, queue: JobQueueName): void {
    const abort = new AbortController();
    const done = this.runOne(job, abort)
      .catch((error: unknown) => {
        // Recording the outcome failed (the database away): the lease ends and the job runs again.
        this.log.error({ err: error, job: job.id }, "jobs: recording an outcome failed");
      })
      .finally(() => {
        this.running.delete(job.id);
        // Its place is free: look again at once (another job of its queue may be due).
        this.wake();
      });
    this.running.set(job.id, { job, queue, abort, done });
  }

  /**
   * Keep the lease while the handler runs, renewed at a third of its length; a renewal that finds
   * the job no longer this process's — or that has not succeeded for a whole lease (the database
   * was away: another process may have it now) — aborts the handler.
   */
  private keepLease(job: Claimed, abort: AbortController): () => void {
    let renewedAt = Date.now();
    const renew = setInterval(
      () => {
        void this.db
          .update(jobs)
          .set({ lockedUntil: new Date(this.now().getTime() + this.options.leaseMs) })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.worker), isNull(jobs.doneAt)))
          .returning({ id: jobs.id })
          .then((rows) => {
            if (rows.length > 0) renewedAt = Date.now();
            else abort.abort(LEASE_LOST);
          })
          .catch((failure: unknown) => {
            this.log.warn({ err: failure, job: job.id }, "jobs: renewing a lease failed");
            if (Date.now() - renewedAt >= this.options.leaseMs) abort.abort(LEASE_LOST);
          });
      },
      Math.max(100, Math.floor(this.options.leaseMs / 3)),
    );
    renew.unref();
    return () => {
      clearInterval(renew);
    };
  }

  private async runOne(job: Claimed, abort: AbortController): Promise<void> {
    const entry = this.handlers.get(job.kind);
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.worker));
    const release = this.keepLease(job, abort);
    const { signal } = abort;
    try {
      if (!entry) throw new Error(`no handler for ${job.kind}`);
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
      const outcome = await withCause(by, () =>
        entry.handler(job.payload, { id: job.id, attempts: job.attempts, signal }),
      );
      // Lost or handed back: whatever it answered is no longer this process's to record.
      if (signal.aborted) return;
      if (outcome instanceof Again) {
        await this.db
          .update(jobs)
          .set({ runAt: outcome.at, lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
          .where(mine);
      } else {
        await this.db.update(jobs).set({ doneAt: this.now(), lockedUntil: null }).where(mine);
      }
    } catch (error) {
      if (signal.aborted) {
        this.log.warn(
          { job: job.id, kind: job.kind, reason: String(signal.reason) },
          "jobs: attempt aborted",
        );
        return;
      }
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
      release();
    }
  }
}
