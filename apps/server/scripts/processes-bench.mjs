// What more web processes buy on this machine (Step 21, docs/operations.md "Scaling"): getInfoById
// (a signed-in viewer, the product's hottest call) against 1, 2 and 3 processes of the built server
// on one PostgreSQL, each process loaded by its own autocannon (50 connections in all), for
// BENCH_SECONDS (10). Prints requests/s summed over the processes, p99, and the database's
// connections in use. Run: pnpm -F @platform/server bench:processes   (builds first)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig, seed, startServer } from "../dist/index.js";
import { adminQuery, autocannon, freshDatabase, reachable, signedInHeaders } from "./support.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const entry = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const mediaDir = fileURLToPath(new URL("../.cache/test-media", import.meta.url));

if (!(await reachable())) {
  console.log("PostgreSQL is not reachable at 127.0.0.1:5432: nothing to measure");
  process.exit(0);
}

async function spawnServer(env) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED: "false",
      VALIDATE_RESPONSES: "false",
      ...env,
    },
    stdio: "ignore",
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${origin}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("a server process did not start");
}

const dataDir = mkdtempSync(join(tmpdir(), "processes-bench-"));
const db = await freshDatabase("platform_processes_bench");
const config = loadConfig({
  PORT: "0",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  MEDIA_DIR: mediaDir,
  SEED_MEDIA: "quick",
  DATABASE_URL: db.url,
});
const seeder = await startServer(config, { logger: false });
await seed(seeder.ctx);
const { api, headers } = await signedInHeaders(seeder, config);
const page = await api.substance.getVideoList({ current: 1, size: 10 });
const body = JSON.stringify({ id: page.records[3].id });
const { secrets } = seeder.ctx;
await seeder.close();

const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: db.url,
  MEDIA_DIR: mediaDir,
  REQ_KEY: secrets.reqKey,
  CLIENT_SECRET: secrets.clientSecret,
  SIGNING_KEY: secrets.signingKey,
};
const rows = [];
for (const n of [1, 2, 3]) {
  const procs = await Promise.all(Array.from({ length: n }, () => spawnServer(env)));
  const per = Math.round(50 / n);
  const path = "/api/substance/app/substance-online/getInfoById";
  const results = await Promise.all(
    procs.map((p) =>
      autocannon(`${p.origin}${path}`, { connections: per, seconds, method: "POST", headers, body }),
    ),
  );
  const {
    rows: [{ n: connections }],
  } = await adminQuery(
    `select count(*)::int as n from pg_stat_activity where datname = '${new URL(db.url).pathname.slice(1)}'`,
  );
  rows.push({
    processes: n,
    "requests/s": Math.round(results.reduce((sum, r) => sum + r.rps, 0)),
    "p99 ms": Math.max(...results.map((r) => r.p99)),
    "not 2xx": results.reduce((sum, r) => sum + r.bad, 0),
    "db connections": connections,
  });
  for (const p of procs) p.child.kill("SIGTERM");
  await Promise.all(procs.map((p) => new Promise((resolve) => p.child.once("exit", resolve))));
}
console.table(rows);
await db.drop();
rmSync(dataDir, { recursive: true, force: true });
