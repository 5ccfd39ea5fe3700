import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "../db/database";

/** What the pool reports (db/database.ts `poolStats`): null on the embedded database. */
type PoolStats = () => { readonly total: number; readonly idle: number; readonly waiting: number } | null;

/**
 * The process's figures in Prometheus's text format (prom-client), one registry per server (tests
 * run several in one process): requests by route and status with their latency, the PostgreSQL
 * pool, the job queue's depth and oldest due job, the ledger's journals by kind, and Node's own
 * (heap, event-loop lag, GC). The database's figures are read when scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and HTTP status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly providerErrors = new Counter({
    name: "provider_errors_total",
    help: "Failed calls to outside parties (sms, bank, eepay, merchant), by provider and kind (unreachable, timeout, 4xx, 5xx)",
    labelNames: ["provider", "kind"] as const,
    registers: [this.registry],
  });

  /** This process's running jobs by queue (the runner, once made: server.ts). */
  jobsRunning: () => Readonly<Record<string, number>> = () => ({});

  constructor(db: Db, poolStats: PoolStats) {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    const running = () => this.jobsRunning();
    new Gauge({
      name: "jobs_running",
      help: "Jobs this process runs now, by queue (money, transcode, default)",
      labelNames: ["queue"] as const,
      registers,
      collect() {
        for (const [queue, n] of Object.entries(running())) this.set({ queue }, n);
      },
    });
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state (open, idle) and queries waiting for one",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const stats = poolStats();
        if (stats === null) return;
        this.set({ state: "open" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
    const depth = new Gauge({
      name: "jobs_due",
      help: "Background jobs due and not finished, by kind",
      labelNames: ["kind"] as const,
      registers,
    });
    const age = new Gauge({
      name: "jobs_oldest_due_age_seconds",
      help: "How long the oldest due job of each kind has waited",
      labelNames: ["kind"] as const,
      registers,
    });
    new Gauge({
      name: "jobs_queue_collected",
      help: "1 when the job queue's figures were read at this scrape, 0 when the database did not answer",
      registers,
      async collect() {
        depth.reset();
        age.reset();
        try {
          const result = await db.execute(sql`
            SELECT kind, count(*)::int AS due,
              extract(epoch FROM now() - min(run_at))::float AS waited
            FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
            GROUP BY kind`);
          for (const row of (result as { rows: { kind: string; due: number; waited: number }[] }).rows) {
            depth.set({ kind: row.kind }, row.due);
            age.set({ kind: row.kind }, Math.max(0, row.waited));
          }
          this.set(1);
        } catch {
          this.set(0);
        }
      },
    });
    new Gauge({
      name: "ledger_journals",
      help: "Journals in the ledger, by kind (each a movement of money whose entries sum to zero)",
      labelNames: ["kind"] as const,
      registers,
      async collect() {
        this.reset();
        const result = await db
          .execute(sql`SELECT kind, count(*)::int AS n FROM journals GROUP BY kind`)
          .catch(() => null);
        if (result === null) return;
        for (const row of (result as { rows: { kind: string; n: number }[] }).rows)
          this.set({ kind: row.kind }, row.n);
      },
    });
  }

  /** Count a failed call to an outside party. */
  providerFailed(provider: string, kind: string): void {
    this.providerErrors.inc({ provider, kind });
  }

  /** Count a request answered (the route's pattern, so ids do not make new series). */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }
}

/** Whether `given` is `Bearer <token>`, compared in constant time. */
function bearerMatches(given: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const actual = Buffer.from(given ?? "");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * `GET /metrics` for a scraper holding METRICS_TOKEN (`Authorization: Bearer <token>`); 401
 * without it, and 404 when no token is set: then the figures are off altogether — no registry, no
 * per-request hook, none of prom-client's default collectors (an event-loop monitor and GC
 * observers per registry, which a test process starting a hundred servers would pile up).
 */
export function metricsRoutes(app: FastifyInstance, token: string | null, metrics: Metrics | null): void {
  if (token === null || metrics === null) {
    app.get("/metrics", async (_request, reply) =>
      reply.header("cache-control", "no-store").status(404).send({ status: "not found" }),
    );
    return;
  }
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get("/metrics", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header("www-authenticate", "Bearer").send({ status: "unauthorized" });
    }
    return reply.header("content-type", metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
