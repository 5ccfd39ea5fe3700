import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createApiClient, memoryStorage } from "@platform/api-client";
import type { PlatformApi } from "@platform/api-client";
import { postgresTarget as postgres } from "../../server/test/databases";
import { testMediaDir } from "../../server/test/media";
import { freePort } from "../../server/test/processes";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const serverDir = fileURLToPath(new URL("../../server", import.meta.url));
/** What the server's start prints once it has seeded (apps/server/src/index.ts). */
const STARTED_LINE = "Platform H5 is running at";

/**
 * What every journey's server runs with: the built app, the quick seed media (made once and cached
 * in the same folder as the server suites', so a run of both makes them once),
 * no caches between requests, and the per-address limits raised (every journey signs in from
 * 127.0.0.1).
 */
export const journeySettings = {
  H5_DIST: join(appDir, "dist"),
  SEED_MEDIA: "quick",
  MEDIA_DIR: testMediaDir,
  LOG_LEVEL: "warn",
  CATALOGUE_CACHE_MS: "0",
  SESSION_CACHE_MS: "0",
  SMS_SEND_PER_ADDRESS: "10000,10000,10000",
  SMS_SEND_GLOBAL: "10000,10000,10000",
  ANONYMOUS_WRITES_PER_MINUTE: "100000",
  // scrypt at 2^12 instead of 2^15: every journey signs people up and in (the server's suites
  // check the default cost).
  PASSWORD_HASH_COST: "12",
} as const;

/** A server of the posting journeys and the Lighthouse lane: its own process, its own embedded database. */
export interface PostingServer {
  readonly origin: string;
  /** Its data folder (uploads and clips live in `uploads/`). */
  readonly dataDir: string;
  readonly client: { clientId: string; clientSecret: string; reqKey: string };
  /** A Node client of it (to register people, read SMS codes). */
  api(): PlatformApi;
  /** The last SMS code it "sent" to a phone. */
  lastSmsCode(mobile: string): Promise<string>;
  /**
   * The operators' review command (`cli.js review …`), as an operator of the embedded database
   * runs it: the server stopped, the command, the server started again on the same address.
   */
  review(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }>;
  close(): Promise<void>;
}

/**
 * The built server (`apps/server/dist`) serving the built app, on a fresh embedded database seeded
 * with the demo data, with `env` on top (S3 settings, say).
 */
export async function startPostingServer(
  env: Record<string, string> = {},
  database: "embedded" | "postgres" = "embedded",
): Promise<PostingServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "h5-e2e-posting-"));
  const created = database === "postgres" ? await postgres.create() : null;
  const port = await freePort();
  const origin = `http://127.0.0.1:${String(port)}`;
  const client = {
    clientId: "h5",
    clientSecret: randomBytes(24).toString("hex"),
    reqKey: randomBytes(32).toString("base64"),
  };
  const settings: Record<string, string> = {
    PATH: "/usr/bin:/bin",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    ...journeySettings,
    JOBS_POLL_MS: "100",
    // Parts of 256 KiB: a journey's clip goes in several (S3 raises it to 5 MiB).
    UPLOAD_PART_BYTES: "262144",
    CLIENT_SECRET: client.clientSecret,
    REQ_KEY: client.reqKey,
    SIGNING_KEY: randomBytes(32).toString("hex"),
    ...(created?.databaseUrl ? { DATABASE_URL: created.databaseUrl } : {}),
    ...env,
  };
  const entry = join(serverDir, "dist/index.js");
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(process.execPath, [entry], {
      env: settings,
      stdio: ["ignore", "pipe", "inherit"],
    });
    child = started;
    // It listens before the seed is written (the seed media may still be in the making): ready
    // once it prints the lines start prints after listening and seeding, which name the demo
    // accounts; an exit ends the wait at once.
    const seeded = new Promise<boolean>((resolve) => {
      let printed = "";
      started.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        printed = (printed + chunk).slice(-4096);
        if (printed.includes(STARTED_LINE)) resolve(true);
      });
      started.once("exit", () => {
        resolve(false);
      });
    });
    // Up to 170 s (under the hooks' 180): a cold start on a busy host has taken over 60 s.
    const deadline = new Promise<boolean>((resolve) =>
      setTimeout(() => {
        resolve(false);
      }, 170_000).unref(),
    );
    if (!(await Promise.race([seeded, deadline]))) {
      throw new Error("the posting server did not start, or did not finish its seed");
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (running?.exitCode !== null) return;
    running.kill("SIGTERM");
    await once(running, "exit");
  };
  await start();
  return {
    origin,
    dataDir,
    client,
    api: () =>
      createApiClient({ ...client, baseUrl: origin, storage: memoryStorage(), minimumResponseMs: 0 }),
    lastSmsCode: async (mobile) => {
      const response = await fetch(`${origin}/api/sandbox/sms/last?mobile=${mobile}`);
      const body = (await response.json()) as { data: { code: string } | null };
      if (body.data === null) throw new Error(`no SMS code was sent to ${mobile}`);
      return body.data.code;
    },
    review: async (...args) => {
      const cli = [join(serverDir, "dist/cli.js"), "review", ...args];
      // PostgreSQL serves the command beside the running server, as in production.
      if (created) return command(process.execPath, cli, settings);
      const began = performance.now();
      const took = (step: string) => {
        process.stderr.write(
          `[posting server] ${step} after ${((performance.now() - began) / 1000).toFixed(1)} s\n`,
        );
      };
      await stop();
      took("stopped");
      try {
        return await command(process.execPath, cli, settings);
      } finally {
        took("review command done");
        await start();
        took("started again");
      }
    },
    close: async () => {
      await stop();
      await created?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a command to its end without holding up this process (a timer or a test's timeout still fires). */
async function command(
  file: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(file, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const [status] = (await once(child, "close")) as [number | null];
  return { status, stdout, stderr };
}
