// The server's load benchmark: autocannon at 50 connections for 10 s against (1) a bare node:http
// JSON endpoint and (2) real calls of the product (queryInfo, getVideoList page 1, getInfoById),
// in the same run, on the embedded database and, where one answers, on PostgreSQL. Prints
// requests/s, p50/p99 latency and the ratio to bare. Targets (Step 4, on PostgreSQL): p99 < 50 ms
// and ratio ≥ 0.3 for getVideoList and getInfoById.
// Run: pnpm -F @platform/server bench   (builds first)   Options: BENCH_SECONDS, BENCH_CONNECTIONS
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { createApiClient, memoryStorage } from "@platform/api-client";
import { demoAccounts, loadConfig, seed, startServer } from "../dist/index.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function run(title, url, init = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, ...init }, (error, result) => {
      if (error) reject(error);
      else {
        const bad = result.non2xx + result.errors + result.timeouts;
        resolve({
          title,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          bad,
        });
      }
    });
  });
}

function bare() {
  const body = JSON.stringify({ code: 200, msg: "success", data: { total: 0 } });
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      res.end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function reachable(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

async function database(kind) {
  if (kind === "pglite") return { url: null, drop: () => Promise.resolve() };
  const admin = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `platform_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: admin });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

const rows = [];
const bareServer = await bare();
const bareUrl = `http://127.0.0.1:${bareServer.address().port}/`;
const kinds = ["pglite"];
if (process.env.BENCH_DATABASE_URL || (await reachable(5432))) kinds.push("postgres");
else console.log("PostgreSQL not reachable at 127.0.0.1:5432: benchmarking the embedded database only");

for (const kind of kinds) {
  const dataDir = mkdtempSync(join(tmpdir(), "platform-bench-"));
  const db = await database(kind);
  // Production's settings: answers are not re-checked against the contract's schemas.
  const config = loadConfig({
    PORT: "0",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    VALIDATE_RESPONSES: "false",
    // The small clip set the tests use (made once, kept in .cache): the catalogue is the same size.
    MEDIA_DIR: fileURLToPath(new URL("../.cache/test-media", import.meta.url)),
    SEED_MEDIA: "quick",
    ...(db.url ? { DATABASE_URL: db.url } : {}),
  });
  const server = await startServer(config, { logger: false });
  await seed(server.ctx);
  const api = createApiClient({
    baseUrl: server.origin,
    clientId: config.clientId,
    clientSecret: server.ctx.secrets.clientSecret,
    reqKey: server.ctx.secrets.reqKey,
    storage: memoryStorage(),
    minimumResponseMs: 0,
  });
  const account = demoAccounts[0];
  await api.loginWithPassword({ phone: account.mobile, password: account.password });
  const headers = { authorization: `Bearer ${api.client.accessToken}`, "content-type": "application/json" };
  const post = { method: "POST", headers, body: "{}" };
  const base = await run(`bare node:http JSON (${kind} run)`, bareUrl, post);
  const info = await run(
    `queryInfo, signed in, ${kind}`,
    `${server.origin}/api/user/app/user/information/queryInfo`,
    post,
  );
  const list = await run(
    `getVideoList page 1, ${kind}`,
    `${server.origin}/api/substance/app/substance-online/getVideoList`,
    { ...post, body: JSON.stringify({ current: 1, size: 10 }) },
  );
  const page = await api.substance.getVideoList({ current: 1, size: 10 });
  const detail = await run(
    `getInfoById, ${kind}`,
    `${server.origin}/api/substance/app/substance-online/getInfoById`,
    { ...post, body: JSON.stringify({ id: page.records[3].id }) },
  );
  rows.push(
    base,
    { ...info, ratio: info.rps / base.rps },
    { ...list, ratio: list.rps / base.rps },
    { ...detail, ratio: detail.rps / base.rps },
  );
  await server.close();
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
bareServer.close();

console.log(`\n${connections} connections, ${seconds} s each, ${new Date().toISOString()}`);
console.log("endpoint                                 req/s     p50 ms  p99 ms  ratio  failed");
for (const r of rows) {
  console.log(
    `${r.title.padEnd(40)} ${r.rps.toFixed(0).padStart(7)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${
      r.ratio === undefined ? "     " : r.ratio.toFixed(2).padStart(5)
    }  ${String(r.bad).padStart(6)}`,
  );
}
