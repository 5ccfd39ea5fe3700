import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { endpoints } from "@platform/api-client";
import type { EndpointName } from "@platform/api-client";
import type { TestPlatform } from "./harness";

/**
 * One call of the contract over plain HTTP to any of the processes (a bearer token, and an
 * Idempotency-Key when given): the business code and data, or the HTTP status when it is not 200.
 */
export async function callOn(
  origin: string,
  token: string,
  name: EndpointName,
  body: Record<string, unknown>,
  key?: string,
): Promise<{ code: number; data: unknown; msgKey?: string }> {
  const def = endpoints[name];
  const query =
    def.method === "GET" ? `?${new URLSearchParams(body as Record<string, string>).toString()}` : "";
  const response = await fetch(`${origin}/api${def.path}${query}`, {
    method: def.method,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      ...(key ? { "idempotency-key": key } : {}),
    },
    ...(def.method === "GET" ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status !== 200) return { code: response.status, data: null };
  const json = (await response.json()) as { code: number; data: unknown; msgKey?: string };
  return { code: json.code, data: json.data, ...(json.msgKey ? { msgKey: json.msgKey } : {}) };
}

/**
 * Many POST calls of the contract sent at once from a process of its own, as another machine's
 * clients would: this test process may hold an embedded database whose work would otherwise delay
 * its own requests going out (one event loop), spreading a burst over more than it took to send.
 * Answers each call's business code and message key, in order.
 */
export async function burstFromAnotherProcess(
  calls: readonly {
    readonly origin: string;
    readonly token: string;
    readonly name: EndpointName;
    readonly body: Record<string, unknown>;
  }[],
): Promise<{ code: number; msgKey?: string }[]> {
  const requests = calls.map(({ origin, token, name, body }) => {
    const def = endpoints[name];
    if (def.method !== "POST") throw new Error(`${name} is not a POST call`);
    return { url: `${origin}/api${def.path}`, token, body: JSON.stringify(body) };
  });
  const script = `
    const requests = JSON.parse(process.argv[1]);
    Promise.all(requests.map(async (r) => {
      const response = await fetch(r.url, {
        method: "POST",
        headers: { authorization: "Bearer " + r.token, "content-type": "application/json" },
        body: r.body,
      });
      if (response.status !== 200) return { code: response.status };
      const json = await response.json();
      return json.msgKey ? { code: json.code, msgKey: json.msgKey } : { code: json.code };
    })).then((answers) => { process.stdout.write(JSON.stringify(answers)); });
  `;
  const child = spawn(process.execPath, ["-e", script, JSON.stringify(requests)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => {
    child.on("close", resolve);
  });
  if (code !== 0) throw new Error(`the burst's process exited with ${String(code)}`);
  return JSON.parse(out) as { code: number; msgKey?: string }[];
}

/** A free port on the loopback. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        resolve(typeof address === "object" && address ? address.port : 0);
      });
    });
  });
}

/**
 * Wait until a server answers its health check: true when it does, false when `child` exits first or
 * `withinMs` pass (60 s: a cold start migrates the database, and a busy 2-core machine has taken
 * 20 s and more for it).
 */
export async function healthy(origin: string, child?: ChildProcess, withinMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline && child?.exitCode == null && child?.signalCode == null) {
    const up = await fetch(`${origin}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * The commands a deployment runs, from the repository's root (compose.yaml's services run exactly
 * these, in the image's /app: deploy.test.ts holds it to them), and the tests spawn the same.
 */
export const SERVER_COMMAND = ["node", "apps/server/dist/index.js"] as const;
export const MIGRATE_COMMAND = ["node", "apps/server/dist/cli.js", "migrate"] as const;
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The built server (dist/index.js) as a process of its own on the platform's database and data
 * folder (so the same secrets: a token works on both), not seeding, with the tests' quick timings
 * and `env` on top.
 */
export function spawnServer(
  platform: TestPlatform,
  env: Record<string, string> = {},
): Promise<{ origin: string; child: ChildProcess }> {
  return spawnServerOn(platform.config, env);
}

/** {@link spawnServer} on any data folder and database (`databaseUrl` null: the embedded one). */
export async function spawnServerOn(
  on: { readonly dataDir: string; readonly databaseUrl: string | null; readonly mediaDir: string },
  env: Record<string, string> = {},
): Promise<{ origin: string; child: ChildProcess }> {
  const entry = join(repoRoot, SERVER_COMMAND[1]);
  if (!existsSync(entry)) throw new Error("build the server first (dist/index.js): the test command does");
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: "/usr/bin:/bin",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: on.dataDir,
      DATABASE_URL: on.databaseUrl ?? "",
      SEED: "false",
      LOG_LEVEL: "silent",
      SANDBOX: "true",
      MEDIA_DIR: on.mediaDir,
      JOBS_POLL_MS: "50",
      SANDBOX_SETTLE_DELAY_MS: "100",
      SANDBOX_JITTER_MS: "100",
      SMS_SEND_PER_ADDRESS: "10000,10000,10000",
      SMS_SEND_GLOBAL: "10000,10000,10000",
      SMS_WRONG_CODES_PER_ADDRESS_PER_HOUR: "10000",
      ...env,
    },
    // Its standard error is kept (the last 4 KB) to say why, if it does not start.
    stdio: ["ignore", "ignore", "pipe"],
  });
  let said = "";
  child.stderr.on("data", (chunk: Buffer) => {
    said = (said + chunk.toString("utf8")).slice(-4096);
  });
  const origin = `http://127.0.0.1:${String(port)}`;
  if (await healthy(origin, child)) return { origin, child };
  const how =
    child.exitCode !== null
      ? `it exited with code ${String(child.exitCode)}`
      : child.signalCode !== null
        ? `it was ended by ${child.signalCode}`
        : "no answer within 60 s";
  child.kill("SIGKILL");
  throw new Error(`the server process did not start (${how}): ${said.trim() || "nothing on stderr"}`);
}

/**
 * A command of the built cli.js against the platform's database and data folder, as an operator
 * runs it: its exit code and everything it printed.
 */
export function runCli(
  platform: TestPlatform,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string }> {
  const entry = join(repoRoot, MIGRATE_COMMAND[1]);
  if (!existsSync(entry)) throw new Error("build the server first (dist/cli.js): the test command does");
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], {
      env: {
        PATH: "/usr/bin:/bin",
        DATABASE_URL: platform.config.databaseUrl ?? "",
        DATA_DIR: platform.config.dataDir,
        HOST: "127.0.0.1",
        LOG_LEVEL: "silent",
        ...env,
      },
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => {
      resolve({ code: code ?? -1, out });
    });
  });
}
