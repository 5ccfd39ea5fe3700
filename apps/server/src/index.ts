import { pathToFileURL } from "node:url";
import closeWithGrace from "close-with-grace";
import { DEMO_OPERATOR_PASSWORD, demoAccounts, demoLiveAuthor, demoOperators, seed } from "./seed";
import { loadConfig } from "./env";
import type { ServerConfig } from "./env";
import { READBACK_SECRET_HEADER, listensOnLoopbackOnly } from "./sandbox/sms-readback";
import { DemoFeed } from "./sandbox/live-demo";
import { startServer } from "./server";
import { stationOf } from "./modules/live/station";
import { DataDirHeldError } from "./db/holder";

export { buildApp } from "./app";
export { demoAccounts, seed } from "./seed";
export { loadConfig } from "./env";
export type { ServerConfig } from "./env";
export { startServer } from "./server";
export { describeReport, reconcile } from "./modules/trade/reconcile";
export { FULL_SCALE, seedAtScale } from "./seed/scale";
export type { ScaleSize, ScaleSeeded } from "./seed/scale";
export { encodeCursor } from "./db/keyset";
export { prepareEmbeddedDatabases } from "./db/database";
export { makeBuyers } from "./seed/buyers";
export type { Buyer } from "./seed/buyers";
export type { RunningServer } from "./server";

/** What start prints about reading SMS codes back: who can, and from where. */
function readbackLines(config: ServerConfig): string[] {
  if (!listensOnLoopbackOnly(config.host)) {
    return [
      `  SMS codes: in this log only (HOST=${config.host} is not loopback, so the sandbox read-back`,
      "  GET /api/sandbox/sms/last is off: a live code would sign anyone in as that phone)",
    ];
  }
  return [
    "  SMS codes: in this log, and at GET /api/sandbox/sms/last?mobile=… from this machine only",
    config.trustProxy.length > 0
      ? `  (loopback; behind the trusted proxy it also needs the ${READBACK_SECRET_HEADER} header = SANDBOX_READBACK_SECRET${config.sandboxReadbackSecret ? "" : ", which is not set: refused"})`
      : "  (loopback connections only: other machines are refused)",
  ];
}

/** `pnpm -F @platform/server start`: the whole product at one URL, with demo data. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  if (config.seed) {
    const wrote = await seed(server.ctx, (line) => process.stdout.write(`  ${line}\n`));
    if (wrote) server.app.log.info("seeded demo data");
  }
  // The demo room: the seed's studio, live from a looped clip (LIVE_DEMO, on in start.sh).
  const station = stationOf(server.ctx);
  if (config.live.demo && config.seed && station) await station.startDemo(demoLiveAuthor, DemoFeed);
  const lines = [
    "",
    `  Platform H5 is running at ${server.origin}`,
    `  database: ${server.database.kind === "pglite" ? `embedded, in ${config.dataDir}/db` : "PostgreSQL"}` +
      (config.sandbox ? " · SMS and payments: sandbox (codes appear in this log)" : ""),
    "",
    "  demo accounts (password login):",
    ...demoAccounts.map((a) => `    ${a.mobile} / ${a.password}  ${a.role}`),
    "",
    `  operators (the console's calls under /api/admin/; password ${DEMO_OPERATOR_PASSWORD} + the code of this TOTP secret):`,
    ...demoOperators.map((o) => `    ${o.login.padEnd(9)} ${o.role.padEnd(9)} ${o.totpSecret}`),
    ...(config.sandbox ? ["", ...readbackLines(config)] : []),
    "",
    station
      ? `  live: encoders publish to rtmp://${config.live.rtmpHost}:${String(station.port)}/live with a room's stream key` +
        (config.live.demo ? " (the demo room is live)" : "")
      : "  live: no RTMP ingest (LIVE_RTMP_PORT is not set)",
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  stopGracefully(server, config);
}

/**
 * On SIGTERM (a deploy, an orchestrator): readiness turns 503 at once, the job runner claims
 * nothing more, and requests keep being served for SHUTDOWN_DRAIN_MS so a balancer sees the 503
 * and sends no new ones; jobs still running at its end are aborted and handed back to run again
 * elsewhere; then the server closes (requests in flight finish, the database closes). SIGINT (Ctrl-C) skips the drain. Whatever has not
 * closed by SHUTDOWN_TIMEOUT_MS is cut: the process exits with 1 (close-with-grace). An uncaught
 * error closes the same way.
 */
function stopGracefully(server: Awaited<ReturnType<typeof startServer>>, config: ServerConfig): void {
  closeWithGrace(
    {
      delay: config.shutdownTimeoutMs,
      logger: {
        error: (message) => {
          server.app.log.error(message);
        },
      },
    },
    async ({ signal, err }) => {
      if (err) server.app.log.error({ err }, "closing after an uncaught error");
      else server.app.log.info({ signal }, "shutting down");
      server.ctx.readiness.draining = true;
      // Jobs get the drain to finish; what still runs then is aborted and handed back (it runs
      // again at once on another process), so a transcode never holds the shutdown to its deadline.
      const stopping = server.ctx.jobs.stop(signal === "SIGTERM" ? config.shutdownDrainMs : 0);
      if (signal === "SIGTERM" && config.shutdownDrainMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      await stopping;
      await server.close();
    },
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    if (error instanceof DataDirHeldError) {
      process.stderr.write(`cannot start: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
