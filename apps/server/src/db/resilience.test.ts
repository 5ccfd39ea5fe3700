import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BusinessCode } from "@platform/domain";
import { createApiClient, isApiError, memoryStorage } from "@platform/api-client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { testConfig } from "../../test/config";
import { targets } from "../../test/databases";
import { spawnServerOn } from "../../test/processes";
import { tcpProxy } from "../../test/tcp-proxy";
import type { TcpProxy } from "../../test/tcp-proxy";
import { copyEmptyDatabase } from "../../test/template";
import { startServer } from "../server";
import type { RunningServer } from "../server";
import { openDatabase } from "./database";
import { migrationsFolder } from "./migrate";

const postgres = targets.find((t) => t.name === "postgres");
const describePg = postgres?.available ? describe : describe.skip;

/** What `/health/<path>` answers: its status and JSON body. */
async function health(
  origin: string,
  path: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${origin}/health/${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Poll `probe` every 100 ms until it holds: how long that took (ms), or a failure after `limitMs`. */
async function within(limitMs: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${String(limitMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

describePg("the database away and back, on PostgreSQL (through a proxy the test cuts)", () => {
  let proxy: TcpProxy;
  let server: RunningServer;
  let drop: () => Promise<void>;
  const dataDir = mkdtempSync(join(tmpdir(), "resilience-"));

  beforeAll(async () => {
    if (!postgres) return;
    const created = await postgres.create();
    drop = () => created.drop();
    proxy = await tcpProxy(created.databaseUrl ?? "");
    server = await startServer(testConfig(dataDir, proxy.url, { PG_CONNECT_TIMEOUT_MS: "1000" }), {
      logger: false,
    });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await proxy.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers live and ready, and 404 for any other health path", async () => {
    expect(await health(server.origin, "live")).toEqual({ status: 200, body: { status: "ok" } });
    expect(await health(server.origin, "ready")).toMatchObject({
      status: 200,
      body: { status: "ok", database: "postgres" },
    });
    expect((await health(server.origin, "metricsz")).status).toBe(404);
    expect((await fetch(`${server.origin}/health`)).status).toBe(200);
  });

  it("keeps running while the database is cut: ready says 503, calls say try again, and all is back within 5 s", async () => {
    const api = createApiClient({
      baseUrl: server.origin,
      clientId: server.ctx.config.clientId,
      clientSecret: server.ctx.secrets.clientSecret,
      reqKey: server.ctx.secrets.reqKey,
      storage: memoryStorage(),
      minimumResponseMs: 0,
    });
    // The pool holds idle connections when the cut comes (without a listener for their errors
    // the process would end here).
    await Promise.all([1, 2, 3].map(() => server.ctx.db.execute("select pg_sleep(0.05)")));
    await proxy.cut();
    expect(await health(server.origin, "ready")).toMatchObject({ status: 503, body: { reason: "database" } });
    expect((await health(server.origin, "live")).status).toBe(200);
    const refused = await api.loginWithPassword({ phone: "13800000000", password: "whatever1" }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isApiError(refused) && refused.code).toBe(BusinessCode.unavailable);
    expect(isApiError(refused) && refused.msgKey).toBe("server.busy");

    await proxy.restore();
    const tookMs = await within(5000, async () => (await health(server.origin, "ready")).status === 200);
    expect(tookMs).toBeLessThan(5000);
    // The notifications' own connection comes back too (1 s, 2 s… after it was lost).
    const heard: string[] = [];
    const stop = await server.ctx.listen("resilience_probe", (payload) => heard.push(payload));
    await within(15_000, async () => {
      await server.ctx.db.execute("select pg_notify('resilience_probe', 'back')");
      return heard.includes("back");
    });
    await stop();
  }, 40_000);
});

describePg("migrations under a lock, on PostgreSQL", () => {
  it("10 trials of three processes' starts at once on an empty database: no failure, one row per migration", async () => {
    if (!postgres) return;
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    for (let trial = 0; trial < 10; trial++) {
      const created = await postgres.create();
      const dataDir = mkdtempSync(join(tmpdir(), "migrate-race-"));
      try {
        const opened = await Promise.allSettled(
          [0, 1, 2].map(() => openDatabase({ databaseUrl: created.databaseUrl, dataDir })),
        );
        const failures = opened.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));
        expect(failures).toEqual([]);
        for (const o of opened) if (o.status === "fulfilled") await o.value.close();
        const client = new pg.Client({ connectionString: created.databaseUrl ?? "" });
        await client.connect();
        const { rows } = await client.query<{ n: number }>(
          "select count(*)::int as n from drizzle.__drizzle_migrations",
        );
        await client.end();
        expect(rows[0]?.n).toBe(journal.entries.length);
      } finally {
        await created.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }, 120_000);
});

describe("shutting down on SIGTERM (a process of its own, on the embedded database)", () => {
  it("says 503 at once while it keeps serving for the drain, then exits 0", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "shutdown-"));
    copyEmptyDatabase(inject("seedTemplate"), dataDir);
    try {
      const { origin, child } = await spawnServerOn(
        { dataDir, databaseUrl: null, mediaDir: join(dataDir, "media") },
        { SHUTDOWN_DRAIN_MS: "1500", SHUTDOWN_TIMEOUT_MS: "10000" },
      );
      const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
      const signalled = Date.now();
      child.kill("SIGTERM");
      await within(
        1000,
        async () => (await health(origin, "ready").catch(() => ({ status: 0 }))).status === 503,
      );
      expect(await health(origin, "ready")).toMatchObject({ status: 503, body: { reason: "shutting down" } });
      expect((await health(origin, "live")).status).toBe(200);
      expect(await exited).toBe(0);
      // The drain was waited out (a lower bound only: these machines are shared).
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A cold start on a busy machine has taken over 20 s (spawnServerOn waits up to 60).
  }, 90_000);
});
