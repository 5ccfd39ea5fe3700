import { fileURLToPath } from "node:url";
import type { CspSettings } from "./http/security-headers";
import { authOf, authSettings } from "./env/auth";
import type { AuthPart } from "./env/auth";
import { cspOf } from "./env/csp";
import { databaseOf, databaseSettings } from "./env/database";
import type { DatabasePart } from "./env/database";
import { gameOf } from "./env/game";
import type { GameSettings } from "./env/game";
import { limitsOf } from "./env/limits";
import type { LimitsPart } from "./env/limits";
import { liveOf } from "./env/live";
import type { LiveSettings } from "./env/live";
import { moneySettings, tradeOf } from "./env/money";
import type { TradeSettings } from "./env/money";
import { consoleOf } from "./env/console";
import type { ConsoleSettings } from "./env/console";
import { creationOf, postingSettings } from "./env/posting";
import type { CreationSettings } from "./env/posting";
import { sandboxSettings } from "./env/sandbox";
import { serverOf, serverSettings, severalProcesses } from "./env/server";
import type { ServerPart } from "./env/server";
import { reader } from "./env/setting";
import { smsOf, smsSettings } from "./env/sms";
import type { SmsPart } from "./env/sms";
import { abandonMsOf, storageOf, uploadOrigins } from "./env/storage";
import type { StorageSettings } from "./env/storage";

export type { RateBudget } from "./env/sms";
export { severalProcesses } from "./env/server";
export type { ConsoleSettings, CreationSettings, GameSettings, LiveSettings, StorageSettings, TradeSettings };

/**
 * Every setting the server reads, in one place (the only file allowed to read `process.env`). The
 * schemas are in `env/*.ts`, one file per concern, each variable with its default and meaning: the
 * README's table is made from them (`pnpm -F @platform/server settings-table --write`). Defaults
 * are safe for one machine, and production refuses the unsafe ones.
 */
export interface ServerConfig extends ServerPart, AuthPart, DatabasePart, SmsPart, LimitsPart {
  /** External parties (SMS, payments) are sandboxes: on by default outside production. */
  readonly sandbox: boolean;
  /** Behind a trusted proxy, the sandbox's SMS read-back also needs this secret (none: refused). */
  readonly sandboxReadbackSecret: string | null;
  /** The member discount (tenths of the price paid) of videos that set none. */
  readonly memberDiscount: number;
  /**
   * An upload unfinished this long after it was signed (ms) is given up by the clean-up job and
   * its bytes removed; so is a finished video upload no video uses. At least UPLOAD_RESUME_HOURS.
   */
  readonly uploadAbandonMs: number;
  /** Extra sources of the Content-Security-Policy (`CSP_*`; src/http/security-headers.ts). */
  readonly csp: CspSettings;
  /** Money in and out (Step 11): providers, limits and timings. */
  readonly trade: TradeSettings;
  /** Where uploads and the media made from them are kept (decision 0018). */
  readonly storage: StorageSettings;
  /** Posting videos (Step 14): prices, previews, processing and review. */
  readonly creation: CreationSettings;
  readonly game: GameSettings;
  /** Live rooms (Step 16, decision 0022): the RTMP ingest, the live HLS it makes, the chat. */
  readonly live: LiveSettings;
  /** The operators' console and the creators' share (Step 22). */
  readonly console: ConsoleSettings;
}

const tradePublicUrl = moneySettings.publicUrl;

/** The repository (with a trailing slash): this file and the built `dist/*.js` sit as deep in it. */
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Several processes on one database (INSTANCES above 1, or a ROLE that is not all three) must share
 * what one process would keep to itself (issue 39): the secrets (else each data folder makes its
 * own, and sign-in, codes and signatures fail across processes), where providers and people reach
 * the deployment (PUBLIC_URL, not one process's address), and the files (STORAGE=s3, not one
 * process's disk). The error names everything missing at once.
 */
function refuseUnsharedProcesses(
  read: ReturnType<typeof reader>,
  server: ServerPart,
  storage: StorageSettings,
) {
  if (!severalProcesses(server)) return;
  const missing = [
    ...(read(databaseSettings.databaseUrl) === null
      ? ["DATABASE_URL (PostgreSQL: the embedded database is one process's)"]
      : []),
    ...[authSettings.reqKey, authSettings.clientSecret, authSettings.signingKey]
      .filter((key) => read(key) === null)
      .map((key) => key.name),
    ...(read(tradePublicUrl) ? [] : ["PUBLIC_URL"]),
    ...(storage.s3 === null ? ["STORAGE=s3 (with S3_BUCKET)"] : []),
  ];
  if (missing.length > 0)
    throw new Error(
      `several processes (INSTANCES=${String(server.instances)}, ROLE=${[...server.roles].join(",")}) need shared settings; missing: ${missing.join(", ")}`,
    );
}

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): ServerConfig {
  const read = reader(env);
  const production = read(serverSettings.nodeEnv) === "production";
  const sandbox = read(sandboxSettings.sandbox) ?? !production;
  if (production && sandbox && !read(sandboxSettings.allowInProduction)) {
    throw new Error("SANDBOX is on in production: set ALLOW_SANDBOX_IN_PRODUCTION=true if that is meant");
  }
  const keys = [authSettings.reqKey, authSettings.clientSecret, authSettings.signingKey];
  if (production && keys.some((key) => read(key) === null)) {
    throw new Error("production needs REQ_KEY, CLIENT_SECRET and SIGNING_KEY set explicitly");
  }
  if (!sandbox && read(smsSettings.gatewayUrl) === null)
    throw new Error("SMS_GATEWAY_URL is needed when SANDBOX is off");
  const server = serverOf(read, repoRoot);
  const storage = storageOf(read);
  refuseUnsharedProcesses(read, server, storage);
  const limitStore = read(databaseSettings.rateLimitStore);
  if (limitStore === "redis" && read(databaseSettings.redisUrl) === null)
    throw new Error("RATE_LIMIT_STORE=redis needs REDIS_URL");
  if (limitStore === "database" && read(databaseSettings.databaseUrl) === null)
    throw new Error("RATE_LIMIT_STORE=database needs DATABASE_URL (PostgreSQL)");
  return {
    ...server,
    ...authOf(read),
    ...databaseOf(read),
    ...smsOf(read),
    ...limitsOf(read),
    sandbox,
    sandboxReadbackSecret: read(sandboxSettings.readbackSecret),
    memberDiscount: read(postingSettings.memberDiscount),
    uploadAbandonMs: abandonMsOf(read, storage),
    csp: cspOf(read, uploadOrigins(storage)),
    trade: tradeOf(read, sandbox),
    storage,
    creation: creationOf(read, repoRoot),
    game: gameOf(read),
    live: liveOf(read, server.host),
    console: consoleOf(read),
  };
}
