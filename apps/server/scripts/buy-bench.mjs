// The buying benchmark: on a fresh PostgreSQL database, the demo seed and BUY_BUYERS people with
// gold; then two server processes (dist/index.js, production settings) and a load generator in a
// third (scripts/buy-load.mjs) that buys every (person, CHARGE video) pair once, BUY_CONCURRENCY at
// a time, alternating the servers; then reconcile. Prints buys/s, p50/p99 latency and the drift.
// Then, in the same run, what PostgreSQL itself does on this machine: `pgbench` (TPC-B, 8 clients,
// 2 threads, 20 s) on a scratch database of its own, and buys/s ÷ its tps.
// Target (Step 23): buys/s ≥ 0.2 × pgbench's tps on two processes, reconcile at zero.
// Run: pnpm -F @platform/server bench:buys   (builds first)
// Options: BUY_BUYERS=200  BUY_VIDEOS=30  BUY_CONCURRENCY=64  BENCH_DATABASE_URL=postgres://…/postgres
//          PGBENCH=<path> (else pgbench on PATH)  PGBENCH_SECONDS=20  PGBENCH=off to leave it out
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { readFileSync } from "node:fs";
import { describeReport, loadConfig, makeBuyers, reconcile, seed, startServer } from "../dist/index.js";
import { adminUrl, freshDatabase, reachable } from "./support.mjs";

const buyersWanted = Number(process.env.BUY_BUYERS ?? 200);
const videosWanted = Number(process.env.BUY_VIDEOS ?? 30);
const concurrency = Number(process.env.BUY_CONCURRENCY ?? 64);
const entry = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const mediaDir = fileURLToPath(new URL("../.cache/test-media", import.meta.url));

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function serverProcess(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED: "false",
      // Production's settings: answers are not re-checked against the contract's schemas.
      VALIDATE_RESPONSES: "false",
      LOG_LEVEL: "warn",
      // BUY_PROFILE=<dir>: each server writes a CPU profile there when it stops.
      ...(process.env.BUY_PROFILE
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BUY_PROFILE}` }
        : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.once("exit", () => child.kill("SIGKILL"));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${origin}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { origin, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("a server process did not start");
}

/**
 * The machine's CPU time so far (/proc/stat, in clock ticks of 10 ms): busy (user, nice, system,
 * irq, softirq) and stolen by the hypervisor. Throughput on these shared machines moves by ±10 %
 * from run to run with what the neighbours do; the CPU the buying phase used for each buy (the
 * servers, PostgreSQL and the load together) moves much less, so it is printed too.
 */
function cpuTicks() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .map(Number);
  return { busy: user + nice + system + irq + softirq, steal };
}

/**
 * pgbench's TPC-B on a scratch database (scale 1, made with `pgbench -i`, dropped after): 8 clients
 * on 2 threads for PGBENCH_SECONDS. Its tps (without the initial connections), or null when
 * pgbench is not installed.
 */
async function pgbench() {
  const bin = process.env.PGBENCH ?? "pgbench";
  if (bin === "off") return null;
  const run = (args) =>
    new Promise((resolve, reject) =>
      execFile(bin, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
        error ? reject(Object.assign(error, { stderr })) : resolve(String(stdout)),
      ),
    );
  const scratch = await freshDatabase("platform_pgbench");
  try {
    await run(["-i", "-q", scratch.url]);
    const seconds = process.env.PGBENCH_SECONDS ?? "20";
    const out = await run(["-c", "8", "-j", "2", "-T", seconds, scratch.url]);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    return { tps: Number(tps[1]), seconds: Number(seconds) };
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  } finally {
    await scratch.drop();
  }
}

if (!(await reachable())) {
  console.log(`PostgreSQL is not reachable at ${adminUrl}: the buying benchmark runs on PostgreSQL only`);
  process.exit(0);
}

const database = await freshDatabase("platform_buys");
const dataDir = mkdtempSync(join(tmpdir(), "platform-buys-"));
const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, MEDIA_DIR: mediaDir, SEED_MEDIA: "quick" };
try {
  // Setting up in this process, then closed: the servers under load are the two children.
  const setup = await startServer(loadConfig({ ...env, PORT: "0", LOG_LEVEL: "warn" }));
  await seed(setup.ctx);
  const buyers = await makeBuyers(setup.ctx, buyersWanted, 100_000_000);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const videos = (
    await client.query(
      "select id from videos where watch_level = 'CHARGE' and status = 99 and deleted_at is null order by id limit $1",
      [videosWanted],
    )
  ).rows.map((r) => Number(r.id));
  await client.end();
  await setup.close();

  const servers = [await serverProcess(env), await serverProcess(env)];
  const cpuBefore = cpuTicks();
  const load = spawn(process.execPath, [fileURLToPath(new URL("./buy-load.mjs", import.meta.url))], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  load.stdin.end(JSON.stringify({ origins: servers.map((s) => s.origin), buyers, videos, concurrency }));
  let out = "";
  load.stdout.on("data", (chunk) => (out += chunk));
  await new Promise((resolve) => load.once("exit", resolve));
  const cpuAfter = cpuTicks();
  const result = JSON.parse(out);
  for (const s of servers) s.child.kill("SIGTERM");
  await Promise.all(servers.map((s) => new Promise((resolve) => s.child.once("exit", resolve))));

  const check = await startServer(loadConfig({ ...env, PORT: "0", LOG_LEVEL: "warn" }));
  const report = await reconcile(check.ctx.db);
  await check.close();

  console.log(
    `\n${buyers.length} people × ${videos.length} CHARGE videos, ${concurrency} at a time, two server processes on PostgreSQL, ${new Date().toISOString()}`,
  );
  console.log(
    `buys/s ${((result.ok / result.ms) * 1000).toFixed(0)}   bought ${result.ok}, refused ${result.refused} ${JSON.stringify(result.codes)}, failed ${result.failed}   p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms   ${(result.ms / 1000).toFixed(1)} s`,
  );
  const busyMs = (cpuAfter.busy - cpuBefore.busy) * 10;
  const stealMs = (cpuAfter.steal - cpuBefore.steal) * 10;
  console.log(
    `CPU while buying (whole machine): ${(busyMs / Math.max(1, result.ok)).toFixed(2)} ms a buy, ${(stealMs / 1000).toFixed(1)} s stolen by the hypervisor`,
  );
  console.log(`reconcile: ${describeReport(report).split("\n")[0]}  (drift: ${report.drift.length})`);
  if (report.drift.length > 0) process.exitCode = 1;
  // What PostgreSQL itself does on this machine, in the same run (after the buys: nothing else runs).
  const bench = await pgbench();
  if (bench === null) console.log("pgbench: not installed (PGBENCH=<path>), no ratio");
  else {
    const buys = (result.ok / result.ms) * 1000;
    console.log(
      `pgbench TPC-B, 8 clients, 2 threads, ${bench.seconds} s: ${bench.tps.toFixed(0)} tps   buys/s ÷ pgbench tps ${(buys / bench.tps).toFixed(2)}`,
    );
  }
} finally {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
