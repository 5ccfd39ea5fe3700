import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { targets } from "../../test/databases";
import { openDatabase } from "../db/database";
import type { Database } from "../db/database";
import { jobs } from "../db/schema";
import { JobRunner, enqueue } from "./runner";
import type { JobHandler, JobQueueName, JobRunnerOptions } from "./runner";

const silent = Fastify({ logger: false }).log;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll until `probe` holds; fails after `limitMs`. */
async function until(limitMs: number, probe: () => Promise<boolean> | boolean): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${String(limitMs)} ms`);
    await sleep(20);
  }
  return Date.now() - started;
}

/** Resolves when `signal` aborts, with its reason. */
function aborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    signal.addEventListener("abort", () => {
      resolve(signal.reason);
    });
  });
}

describe.each(targets)("the job runner on $name", (target) => {
  const describeIf = target.available ? describe : describe.skip;
  describeIf("queues, wake-ups, leases and hand-backs", () => {
    let database: Database;
    let other: Database | null = null;
    let drop = () => Promise.resolve();
    const dataDir = mkdtempSync(join(tmpdir(), "runner-"));
    const runners: JobRunner[] = [];
    let serial = 0;

    beforeAll(async () => {
      const created = await target.create();
      drop = () => created.drop();
      database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir });
      // On PostgreSQL the second runner is on a pool of its own, as another process would be.
      if (created.databaseUrl) other = await openDatabase({ databaseUrl: created.databaseUrl, dataDir });
    }, 60_000);
    afterAll(async () => {
      for (const runner of runners) await runner.stop(0);
      await other?.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** A runner with its own kinds (this test's names), started. */
    async function runner(
      handlers: Record<string, { handler: JobHandler; queue?: JobQueueName }>,
      options: Partial<JobRunnerOptions> = {},
      on: Database = database,
    ): Promise<JobRunner> {
      const made = new JobRunner(on.db, () => new Date(), silent, {
        pollMs: 60_000,
        leaseMs: 60_000,
        concurrency: { default: 2, money: 2, transcode: 1 },
        ...options,
      });
      for (const [kind, { handler, queue }] of Object.entries(handlers)) made.register(kind, handler, queue);
      runners.push(made);
      await made.start(on.listen);
      return made;
    }

    const kindOf = (name: string) => `${name}.${String(++serial)}`;
    const add = (kind: string, payload: unknown = {}) =>
      database.db.transaction((tx) => enqueue(tx, { kind, payload, runAt: new Date() }));
    const rowOf = async (kind: string) => {
      const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, kind));
      return row;
    };

    it("runs a job enqueued in a transaction when it commits (NOTIFY), not at the next poll", async () => {
      const kind = kindOf("wake");
      let ran = 0;
      await runner({ [kind]: { handler: () => Promise.resolve(ran++) } });
      await sleep(50);
      // A rolled-back enqueue makes no job and no run.
      await database.db
        .transaction(async (tx) => {
          await enqueue(tx, { kind, payload: {}, runAt: new Date() });
          throw new Error("roll back");
        })
        .catch(() => undefined);
      await add(kind);
      // The poll is a minute: only the wake-up can run it this soon.
      const took = await until(3000, () => ran === 1);
      expect(took).toBeLessThan(3000);
      await until(2000, async () => (await rowOf(kind))?.doneAt != null);
      expect(ran).toBe(1);
    });

    it("a long job holds up no other due job, in its queue or another", async () => {
      const slow = kindOf("slow");
      const quick = kindOf("quick");
      const transcode = kindOf("transcode");
      const finished = new Map<string, number>();
      const started = Date.now();
      const done = (name: string) => () => {
        finished.set(name, Date.now() - started);
        return Promise.resolve();
      };
      await runner({
        [slow]: { handler: () => sleep(3000), queue: "money" },
        [quick]: {
          handler: async (payload) => {
            await done(String((payload as { n: number }).n))();
          },
          queue: "money",
        },
        [transcode]: { handler: () => sleep(3000), queue: "transcode" },
      });
      await add(slow);
      await add(transcode);
      await sleep(100);
      for (let n = 0; n < 5; n++) await add(quick, { n });
      await until(2000, () => finished.size === 5);
      // All five ran while the 3 s money job and the transcode were still running.
      expect(Math.max(...finished.values())).toBeLessThan(2000);
    });

    it("a handler whose lease another process took is aborted, and what it answers is not recorded", async () => {
      const kind = kindOf("lost");
      const reasons: unknown[] = [];
      await runner(
        {
          [kind]: {
            handler: async (_payload, job) => {
              reasons.push(await aborted(job.signal));
              return "late";
            },
          },
        },
        { leaseMs: 600 },
      );
      await add(kind);
      await until(2000, async () => (await rowOf(kind))?.lockedBy != null);
      // Another process took it (as after a stall past the lease): the first stops.
      await database.db.update(jobs).set({ lockedBy: "another:1:abcdef" }).where(eq(jobs.kind, kind));
      await until(2000, () => reasons.length === 1);
      expect(reasons).toEqual(["lease lost"]);
      await sleep(100);
      const row = await rowOf(kind);
      expect(row?.doneAt).toBeNull();
      expect(row?.lockedBy).toBe("another:1:abcdef");
    });

    it("a job longer than its lease keeps it, and runs once with another runner looking", async () => {
      const kind = kindOf("long");
      let runs = 0;
      const handlers = {
        [kind]: {
          handler: async () => {
            runs += 1;
            await sleep(1500);
          },
        },
      };
      await runner(handlers, { leaseMs: 400, pollMs: 50 });
      await runner(handlers, { leaseMs: 400, pollMs: 50 }, other ?? database);
      await add(kind);
      await until(4000, async () => (await rowOf(kind))?.doneAt != null);
      expect(runs).toBe(1);
      expect((await rowOf(kind))?.attempts).toBe(1);
    });

    it("on stop, a job still running at the grace's end is aborted and handed back; another runs it at once", async () => {
      const kind = kindOf("handback");
      const seen: string[] = [];
      const first = await runner({
        [kind]: {
          handler: async (_payload, job) => {
            seen.push(`first:${String(await aborted(job.signal))}`);
            throw new Error("stopped");
          },
        },
      });
      await add(kind);
      await until(2000, async () => (await rowOf(kind))?.lockedBy != null);
      const stopping = Date.now();
      await first.stop(200);
      expect(Date.now() - stopping).toBeLessThan(2000);
      expect(seen).toEqual(["first:shutting down"]);
      const row = await rowOf(kind);
      // Not failed, not counted, no lease: free to run now.
      expect(row).toMatchObject({
        lockedUntil: null,
        lockedBy: null,
        attempts: 0,
        doneAt: null,
        lastError: null,
      });
      await runner(
        { [kind]: { handler: () => Promise.resolve(seen.push("second")) } },
        {},
        other ?? database,
      );
      await until(3000, async () => (await rowOf(kind))?.doneAt != null);
      expect(seen).toEqual(["first:shutting down", "second"]);
    });

    it("a stopped runner claims nothing", async () => {
      const kind = kindOf("stopped");
      let ran = 0;
      const stopped = await runner({ [kind]: { handler: () => Promise.resolve(ran++) } }, { pollMs: 20 });
      await stopped.stop();
      await add(kind);
      await sleep(300);
      expect(ran).toBe(0);
      const [{ n } = { n: -1 }] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(eq(jobs.kind, kind));
      expect(n).toBe(1);
    });
  });
});
