// The server's load benchmark: autocannon at 50 connections for 10 s against (1) a bare node:http
// JSON endpoint, (2) a bare Fastify route (one POST route answering a small JSON, no database) and
// (3) real calls of the product (queryInfo, getVideoList page 1, getInfoById) and its pipeline alone
// (GET /health/live: every hook, header and log line, no work), in the same run, on
// the embedded database and, where one answers, on PostgreSQL. autocannon and each bare server run
// in a process of their own, the requests say `Accept-Encoding: gzip, deflate, br` as a browser's
// do, and the server logs as in production (one access line per request, to a file). Prints
// requests/s, p50/p99 latency, the ratios to bare node:http and to bare Fastify, and the CPU the
// answering process spent per request (µs: user + system, all its threads), the figure that moves
// least on a shared machine. A second bare Fastify route runs in this process, beside the product's
// server: what the framework costs in the product's process (its heap, its caches) before any work.
// Targets: getInfoById ≥ 0.5 × bare Fastify (Step 23; Step 13's was 0.5 × bare node:http), p99 ≤ 25 ms.
// Run: pnpm -F @platform/server bench   (builds first)   Options: BENCH_SECONDS, BENCH_CONNECTIONS,
// BENCH_ROUNDS (pairs of bare Fastify and getInfoById for the ratio's median; 1)
// To profile the server: pnpm exec node --cpu-prof --cpu-prof-dir=<dir> scripts/bench.mjs (it runs in
// this process; pnpm's Node, the one measured: the machine's older Node reads about half).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { loadConfig, seed, startServer } from "../dist/index.js";
import { autocannon, freshDatabase, reachable, signedInHeaders } from "./support.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Pairs of (bare Fastify, getInfoById) run again, alternating, for the ratio's median: one pair moves
// by ± 15 % on these shared machines (two modes of the same build from run to run, docs/perf.md).
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);

/** CPU time (µs, user + system, every thread) a process has used: this one, or a child's (/proc). */
function cpuOf(pid) {
  if (pid === process.pid) {
    const { user, system } = process.cpuUsage();
    return user + system;
  }
  // utime and stime, in clock ticks (100 a second on Linux), after the command's name.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * autocannon at this benchmark's connections and length, the row titled; `pid` is the process that
 * answers (this one by default), whose CPU per request the row shows.
 */
async function run(title, url, init = {}, pid = process.pid) {
  const before = cpuOf(pid);
  const result = await autocannon(url, { connections, seconds, ...init });
  return { title, ...result, cpu: (cpuOf(pid) - before) / Math.max(1, result.total) };
}

const smallAnswer = JSON.stringify({ code: 200, msg: "success", data: { total: 0 } });
// The same text as a JavaScript string literal, for the bare servers' sources.
const answer = JSON.stringify(smallAnswer);
const listen = `listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"))`;

/**
 * The bare node:http server the product is compared with: one small JSON answer, no framework, no
 * compression (what a browser's request could get at best).
 */
const bareHttp = `
  const body = ${answer};
  const server = require("node:http").createServer((req, res) => {
    req.resume();
    req.on("end", () => { res.setHeader("content-type", "application/json"); res.end(body); });
  });
  server.${listen};
`;

/**
 * The bare Fastify route (Step 23): the server's own Fastify, defaults, one POST route answering
 * the same small JSON — no schema, session, database, compression or log. What the product's
 * framework costs before any of the product's work.
 */
const bareFastify = `
  const body = ${answer};
  const server = require(${JSON.stringify(createRequire(import.meta.url).resolve("fastify"))})();
  server.post("/", (_request, reply) => { reply.type("application/json").send(body); });
  server.listen({ port: 0, host: "127.0.0.1" }).then(() =>
    process.stdout.write(String(server.server.address().port) + "\\n"));
`;

/**
 * The same bare Fastify route in this process, beside the product's server: the framework with the
 * product's heap and caches around it, and no product code on its path.
 */
async function bareInProcess() {
  const server = Fastify();
  server.post("/", (_request, reply) => {
    reply.type("application/json").send(smallAnswer);
  });
  await server.listen({ port: 0, host: "127.0.0.1" });
  return { url: `http://127.0.0.1:${server.server.address().port}/`, close: () => server.close() };
}

/** A bare server (its source, CommonJS) in a process of its own: its port, and `close`. */
function bare(source) {
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  process.once("exit", () => child.kill("SIGKILL"));
  return new Promise((resolve, reject) => {
    child.stdout.once("data", (chunk) =>
      resolve({
        url: `http://127.0.0.1:${Number(String(chunk).trim())}/`,
        pid: child.pid,
        close: () => child.kill(),
      }),
    );
    child.once("error", reject);
  });
}

async function database(kind) {
  if (kind === "pglite") return { url: null, drop: () => Promise.resolve() };
  return freshDatabase("platform_bench");
}

const rows = [];
/** Per database, getInfoById ÷ bare Fastify of each alternating pair (BENCH_ROUNDS > 1). */
const pairs = [];
const bareServers = { http: await bare(bareHttp), fastify: await bare(bareFastify) };
const kinds = ["pglite"];
if (await reachable()) kinds.push("postgres");
else console.log("PostgreSQL not reachable at 127.0.0.1:5432: benchmarking the embedded database only");

for (const kind of kinds) {
  const dataDir = mkdtempSync(join(tmpdir(), "platform-bench-"));
  const db = await database(kind);
  // Production's settings: answers are not re-checked against the contract's schemas.
  const config = loadConfig({
    PORT: "0",
    DATA_DIR: dataDir,
    // Production's log: one access line per request (to a file here, as a service's log would go).
    LOG_LEVEL: "info",
    VALIDATE_RESPONSES: "false",
    // The small clip set the tests use (made once, kept in .cache): the catalogue is the same size.
    MEDIA_DIR: fileURLToPath(new URL("../.cache/test-media", import.meta.url)),
    SEED_MEDIA: "quick",
    ...(db.url ? { DATABASE_URL: db.url } : {}),
  });
  const logFile = createWriteStream(join(dataDir, "server.log"));
  const server = await startServer(config, { logStream: logFile });
  await seed(server.ctx);
  // As a browser sends them: the answers may come compressed.
  const { api, headers } = await signedInHeaders(server, config);
  const post = { method: "POST", headers, body: "{}" };
  const page = await api.substance.getVideoList({ current: 1, size: 10 });
  // getInfoById right after the two bare servers: the machine's load moves least between them.
  const base = await run(
    `bare node:http JSON (${kind} run)`,
    bareServers.http.url,
    post,
    bareServers.http.pid,
  );
  const framework = await run(
    `bare Fastify route (${kind} run)`,
    bareServers.fastify.url,
    post,
    bareServers.fastify.pid,
  );
  const detailUrl = `${server.origin}/api/substance/app/substance-online/getInfoById`;
  const detailInit = { ...post, body: JSON.stringify({ id: page.records[3].id }) };
  const detail = await run(`getInfoById, ${kind}`, detailUrl, detailInit);
  const beside = await bareInProcess();
  const besideRow = await run(`bare Fastify, server's process, ${kind}`, beside.url, detailInit);
  await beside.close();
  // The product's own pipeline with nothing to do (hooks, headers, log, compression's check): the
  // share of getInfoById's gap that is not the call's work.
  const live = await run(`GET /health/live (pipeline), ${kind}`, `${server.origin}/health/live`, {
    headers: { "accept-encoding": headers["accept-encoding"] },
  });
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
  const paired = [detail.rps / framework.rps];
  for (let round = 1; round < rounds; round++) {
    const again = await run("", bareServers.fastify.url, post, bareServers.fastify.pid);
    const call = await run("", detailUrl, detailInit);
    paired.push(call.rps / again.rps);
  }
  if (rounds > 1) pairs.push({ kind, paired });
  const ratios = (r) => ({ ...r, ratio: r.rps / base.rps, fastify: r.rps / framework.rps });
  rows.push(
    base,
    { ...framework, ratio: framework.rps / base.rps },
    ratios(detail),
    ratios(besideRow),
    ratios(live),
    ratios(info),
    ratios(list),
  );
  await server.close();
  logFile.end();
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
for (const server of Object.values(bareServers)) server.close();

console.log(`\n${connections} connections, ${seconds} s each, ${new Date().toISOString()}`);
console.log(
  "endpoint                                 req/s     p50 ms  p99 ms  ÷http  ÷Fastify  failed  CPU µs/req",
);
const ratio = (value, width) => (value === undefined ? "" : value.toFixed(2)).padStart(width);
for (const r of rows) {
  console.log(
    `${r.title.padEnd(40)} ${r.rps.toFixed(0).padStart(7)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${ratio(
      r.ratio,
      5,
    )}  ${ratio(r.fastify, 8)}  ${String(r.bad).padStart(6)}  ${r.cpu.toFixed(1).padStart(10)}`,
  );
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
for (const { kind, paired } of pairs) {
  console.log(
    `getInfoById ÷ bare Fastify, ${kind}, ${paired.length} pairs: ${paired.map((r) => r.toFixed(2)).join(", ")}; median ${median(paired).toFixed(2)}`,
  );
}
