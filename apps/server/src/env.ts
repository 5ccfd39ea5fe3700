import { fileURLToPath } from "node:url";

/**
 * Every setting the server reads, in one place (the only file allowed to read `process.env`).
 * The README's table lists them; defaults are safe for one machine, and production refuses the
 * unsafe ones.
 */
export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** Where the embedded database, generated secrets, uploads and media live. */
  readonly dataDir: string;
  /** PostgreSQL instead of the embedded database when set. */
  readonly databaseUrl: string | null;
  /** The OAuth client of the H5 app (Basic header of token endpoints). */
  readonly clientId: string;
  /** From CLIENT_SECRET, or generated once and kept in the data folder. */
  readonly clientSecret: string | null;
  /** Base64 of 32 bytes, from REQ_KEY, or generated once and kept in the data folder. */
  readonly reqKey: string | null;
  /** Keys SMS-code hashes and identity-card secrets; from SIGNING_KEY, or generated and kept. */
  readonly signingKey: string | null;
  readonly accessTokenSeconds: number;
  readonly refreshTokenSeconds: number;
  /** External parties (SMS, payments) are sandboxes: on by default outside production. */
  readonly sandbox: boolean;
  readonly production: boolean;
  readonly customerServiceUrl: string;
  /** A real SMS gateway (used when the sandbox is off). */
  readonly smsGatewayUrl: string | null;
  readonly smsGatewayKey: string | null;
  /** The built H5 app, served at / when it exists. */
  readonly h5Dist: string;
  readonly logLevel: string;
  /** Seed demo data at start (default on outside production). */
  readonly seed: boolean;
  /** Where media lives: the seed clips ffmpeg makes (cached there) and their HLS renditions. */
  readonly mediaDir: string;
  /** Which seed clips to make: `full` (the demo: short to over an hour) or `quick` (tests). */
  readonly mediaProfile: "full" | "quick";
  /** The member discount (tenths of the price paid) of videos that set none. */
  readonly memberDiscount: number;
  /** How long a process may reuse a session lookup (ms; 0: never). Revocations here apply at once. */
  readonly sessionCacheMs: number;
  /** How long a process may reuse catalogue reads: list pages, video rows (ms; 0: never). */
  readonly catalogueCacheMs: number;
  /** Check every answer against the contract's response schema (default on outside production). */
  readonly validateResponses: boolean;
}

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

function intOf(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${String(min)}`);
  return n;
}

function boolOf(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): ServerConfig {
  const production = env.NODE_ENV === "production";
  const sandbox = boolOf(env.SANDBOX, !production);
  if (production && sandbox && !boolOf(env.ALLOW_SANDBOX_IN_PRODUCTION, false)) {
    throw new Error("SANDBOX is on in production: set ALLOW_SANDBOX_IN_PRODUCTION=true if that is meant");
  }
  if (production && (!env.REQ_KEY || !env.CLIENT_SECRET || !env.SIGNING_KEY)) {
    throw new Error("production needs REQ_KEY, CLIENT_SECRET and SIGNING_KEY set explicitly");
  }
  if (!sandbox && !env.SMS_GATEWAY_URL) throw new Error("SMS_GATEWAY_URL is needed when SANDBOX is off");
  const mediaProfile = env.SEED_MEDIA || "full";
  if (mediaProfile !== "full" && mediaProfile !== "quick")
    throw new Error("SEED_MEDIA must be full or quick");
  const memberDiscount = Number(env.MEMBER_DISCOUNT || "8");
  if (!(memberDiscount > 0 && memberDiscount <= 10))
    throw new Error("MEMBER_DISCOUNT must be more than 0 and at most 10");
  const dataDir = env.DATA_DIR || `${repoRoot}data`;
  return {
    host: env.HOST || "127.0.0.1",
    // 0: any free port (tests).
    port: intOf(env.PORT, 8080, "PORT", 0),
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    clientId: env.CLIENT_ID || "h5",
    clientSecret: env.CLIENT_SECRET || null,
    reqKey: env.REQ_KEY || null,
    signingKey: env.SIGNING_KEY || null,
    accessTokenSeconds: intOf(env.ACCESS_TOKEN_SECONDS, 2 * 3600, "ACCESS_TOKEN_SECONDS"),
    refreshTokenSeconds: intOf(env.REFRESH_TOKEN_SECONDS, 30 * 24 * 3600, "REFRESH_TOKEN_SECONDS"),
    sandbox,
    production,
    customerServiceUrl: env.CUSTOMER_SERVICE_URL || "https://support.example.com/chat",
    smsGatewayUrl: env.SMS_GATEWAY_URL || null,
    smsGatewayKey: env.SMS_GATEWAY_KEY || null,
    h5Dist: env.H5_DIST || `${repoRoot}apps/h5/dist`,
    logLevel: env.LOG_LEVEL || "info",
    seed: boolOf(env.SEED, !production),
    mediaDir: env.MEDIA_DIR || `${dataDir}/media`,
    mediaProfile,
    memberDiscount,
    sessionCacheMs: intOf(env.SESSION_CACHE_MS, 5000, "SESSION_CACHE_MS", 0),
    catalogueCacheMs: intOf(env.CATALOGUE_CACHE_MS, 2000, "CATALOGUE_CACHE_MS", 0),
    validateResponses: boolOf(env.VALIDATE_RESPONSES, !production),
  };
}
