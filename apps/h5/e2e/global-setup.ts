import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  describeReport,
  loadConfig,
  prepareEmbeddedDatabases,
  reconcile,
  seed,
  startServer,
} from "@platform/server";
import type { TestProject } from "vitest/node";
import { chromiumPath } from "./browser";
import { journeySettings } from "./posting-server";

const appDir = fileURLToPath(new URL("..", import.meta.url));

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the server (API + built app) listens, e.g. http://127.0.0.1:39123. */
    origin: string;
    /** The public client and req key the server settled (what /api/h5/config.js hands out). */
    client: { clientId: string; clientSecret: string; reqKey: string };
    /**
     * A second server with the spec's own SMS timing (60 s between codes to one phone), no seed:
     * for the journeys about that timing. The main one shortens it for the money journeys.
     */
    specSmsOrigin: string;
    specSmsClient: { clientId: string; clientSecret: string; reqKey: string };
  }
}

/**
 * One server for the whole e2e run: a fresh embedded database in a temporary folder, seeded with the
 * demo data (quick seed media, made once and cached), serving apps/h5/dist.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`${chromiumPath} is missing: run scripts/bootstrap.sh (it installs Debian's chromium)`);
  }
  const dist = join(appDir, "dist");
  if (!existsSync(join(dist, "index.html"))) {
    // The test command builds first (turbo); a lone `vitest` run builds here.
    execFileSync("pnpm", ["exec", "vite", "build"], { cwd: appDir, stdio: "ignore" });
  }
  // The operators' console (console.e2e.ts), served by the same server at /admin/.
  const adminDir = fileURLToPath(new URL("../../admin", import.meta.url));
  if (!existsSync(join(adminDir, "dist", "index.html"))) {
    execFileSync("pnpm", ["exec", "vite", "build"], { cwd: adminDir, stdio: "ignore" });
  }
  const dataDir = mkdtempSync(join(tmpdir(), "h5-e2e-"));
  const specDataDir = mkdtempSync(join(tmpdir(), "h5-e2e-spec-sms-"));
  // One initdb for both servers' embedded databases (≈ 6 s of one core each).
  await prepareEmbeddedDatabases([dataDir, specDataDir]);
  const base = { PORT: "0", ...journeySettings };
  const specServer = await startServer(loadConfig({ ...base, DATA_DIR: specDataDir }), { logger: false });
  const config = loadConfig({
    ...base,
    DATA_DIR: dataDir,
    // Money journeys ask for several codes in a row (sign-up, a card, a withdrawal), and wait for
    // the payment sandbox and the background jobs: both kept quick here. The 60 s between codes is
    // the spec server's (below) to show, so nothing here waits for it.
    SMS_RESEND_SECONDS: "0",
    JOBS_POLL_MS: "100",
    SANDBOX_SETTLE_DELAY_MS: "500",
    SANDBOX_JITTER_MS: "300",
    EEPAY_REVIEW_SECONDS: "1",
    // The sandbox game's die always shows 6: every bet of the game journeys wins twice its amount.
    SANDBOX_GAME_DICE: "6",
    // Live rooms (live.e2e.ts): an RTMP ingest on a free port, one cheap rendition below the source,
    // a dropped encoder ends its room after 1 s.
    LIVE_RTMP_PORT: "0",
    LIVE_LADDER: "144",
    LIVE_RECONNECT_GRACE_MS: "1000",
  });
  const server = await startServer(config, { logger: false });
  await seed(server.ctx, () => undefined);
  project.provide("origin", server.origin);
  project.provide("specSmsOrigin", specServer.origin);
  project.provide("specSmsClient", {
    clientId: specServer.ctx.config.clientId,
    clientSecret: specServer.ctx.secrets.clientSecret,
    reqKey: specServer.ctx.secrets.reqKey,
  });
  project.provide("client", {
    clientId: config.clientId,
    clientSecret: server.ctx.secrets.clientSecret,
    reqKey: server.ctx.secrets.reqKey,
  });
  return async () => {
    // Every journey's money (recharges, buys, membership, withdrawals) leaves the books exact.
    await server.ctx.jobs.stop();
    const report = await reconcile(server.database.db);
    await server.close();
    await specServer.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(specDataDir, { recursive: true, force: true });
    if (report.drift.length > 0) throw new Error(`e2e server: ${describeReport(report)}`);
  };
}
