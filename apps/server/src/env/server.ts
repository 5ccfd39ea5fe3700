import { isIP } from "node:net";
import { flag, group, listOf, matching, oneOf, orElse, orNull, setting, text, whole } from "./setting";
import type { Read } from "./setting";

const proxyKeywords = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR or one of proxy-addr's keywords. */
function isProxy(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  const maxBits = family === 6 ? 128 : 32;
  const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
  return proxyKeywords.has(entry) || (family !== 0 && validBits && rest.length === 0);
}

/** The process: where it listens, where its data lives, what it serves and logs. */
export const serverSettings = {
  nodeEnv: setting("NODE_ENV", orNull(text), {
    default: "—",
    description:
      "`production`: needs `REQ_KEY`, `CLIENT_SECRET`, `SIGNING_KEY` set explicitly; turns `SANDBOX`, `SEED` and `VALIDATE_RESPONSES` off by default",
  }),
  host: setting("HOST", orElse(text, "127.0.0.1"), {
    default: "`127.0.0.1`",
    description: "the address to listen on",
  }),
  port: setting("PORT", orElse(whole(0), 8080), {
    default: "`8080`",
    description: "the port to listen on (`0`: any free port)",
  }),
  dataDir: setting("DATA_DIR", orNull(text), {
    default: "`<repo>/data`",
    description:
      "embedded database (`db/`), generated secrets (`secrets.json`, mode 600), later media and uploads",
  }),
  h5Dist: setting("H5_DIST", orNull(text), {
    default: "`<repo>/apps/h5/dist`",
    description: "the built app served at `/`",
  }),
  adminDist: setting("ADMIN_DIST", orNull(text), {
    default: "`<repo>/apps/admin/dist`",
    description: "the built operators' console served at `/admin/` (its own CSP)",
  }),
  logLevel: setting("LOG_LEVEL", orElse(text, "info"), {
    default: "`info`",
    description: "pino level (`silent` in tests)",
  }),
  seed: setting("SEED", orNull(flag), {
    default: "on, off in production",
    description: "demo data on an empty database (and the seed media, made once by ffmpeg)",
  }),
  mediaDir: setting("MEDIA_DIR", orNull(text), {
    default: "`<DATA_DIR>/media`",
    description: "seed clips and their HLS renditions (cached: a restart makes nothing)",
  }),
  seedMedia: setting("SEED_MEDIA", orElse(oneOf(["full", "quick"]), "full"), {
    default: "`full`",
    description:
      "`full`: six clips, 0:36 to 1:01:08 (first start ≈ 75 s, ≈ 270 MB); `quick`: three short ones",
  }),
  validateResponses: setting("VALIDATE_RESPONSES", orNull(flag), {
    default: "on, off in production",
    description: "check every answer against the contract's response schema",
  }),
  trustProxy: setting(
    "TRUST_PROXY",
    orElse(
      listOf(matching(isProxy, "is not an address, a CIDR, or one of loopback, linklocal, uniquelocal")),
      [],
    ),
    {
      default: "none",
      description:
        "proxies whose `X-Forwarded-For` names the client (addresses, CIDRs, `loopback`, `linklocal`, `uniquelocal`; comma- or space-separated)",
    },
  ),
  customerServiceUrl: setting("CUSTOMER_SERVICE_URL", orNull(text), {
    default:
      "the sandbox's page `/sandbox/support` while `SANDBOX` is on (none otherwise: the call answers 503)",
    description: "the support system `customService/callByType/PLATFORM` opens",
  }),
  shutdownDrainMs: setting("SHUTDOWN_DRAIN_MS", orElse(whole(0, { max: 600_000 }), 5000), {
    default: "`5000`",
    description:
      "on SIGTERM, how long readiness answers 503 while requests are still served, so a balancer stops sending new ones (SIGINT skips it)",
  }),
  shutdownTimeoutMs: setting("SHUTDOWN_TIMEOUT_MS", orElse(whole(1000, { max: 600_000 }), 30_000), {
    default: "`30000`",
    description:
      "the hard deadline of a shutdown, drain included: what has not closed by then is cut and the process exits with 1",
  }),
  metricsToken: setting(
    "METRICS_TOKEN",
    orNull(matching((v) => v.length >= 16, "must be at least 16 characters")),
    {
      default: "— (`/metrics` answers 404)",
      description:
        "the bearer token a Prometheus scraper sends for `GET /metrics` (`Authorization: Bearer …`; docs/operations.md)",
    },
  ),
  role: setting("ROLE", orNull(listOf(oneOf(["web", "worker", "ingest"]))), {
    default: "all three",
    description:
      "what this process does (comma-separated): `web` (the API and pages), `worker` (background jobs, transcodes), `ingest` (RTMP → live HLS; with `LIVE_RTMP_PORT`). A process without `web` answers only `/health/*` and `/metrics` (docs/operations.md)",
  }),
  instances: setting("INSTANCES", orElse(whole(1, { max: 1000 }), 1), {
    default: "`1`",
    description:
      "how many server processes share the database; above 1 (or a `ROLE` that is not all three) the process refuses to start without shared secrets, `PUBLIC_URL` and `STORAGE=s3`",
  }),
  operator: setting("OPERATOR", orNull(text), {
    default: "the login name",
    description: "who runs the operators' commands, as the ledger records it",
  }),
};

export const serverGroup = group("The process", serverSettings);

/** What a process does: serve the API and pages, run jobs, take live streams. */
export type Role = "web" | "worker" | "ingest";

export interface ServerPart {
  readonly production: boolean;
  /** What this process does (ROLE; default all three: the single process). */
  readonly roles: ReadonlySet<Role>;
  /** How many processes share the database (INSTANCES). */
  readonly instances: number;
  readonly host: string;
  readonly port: number;
  /** Where the embedded database, generated secrets, uploads and media live. */
  readonly dataDir: string;
  /** The built H5 app, served at / when it exists. */
  readonly h5Dist: string;
  /** The built operators' console, served at /admin/ when it exists (Step 22). */
  readonly adminDist: string;
  readonly logLevel: string;
  /** Who runs the operators' commands (cli.ts), as the ledger records them; default: the login name. */
  readonly operator: string | null;
  /** Seed demo data at start (default on outside production). */
  readonly seed: boolean;
  /** Where media lives: the seed clips ffmpeg makes (cached there) and their HLS renditions. */
  readonly mediaDir: string;
  /** Which seed clips to make: `full` (the demo: short to over an hour) or `quick` (tests). */
  readonly mediaProfile: "full" | "quick";
  /** Check every answer against the contract's response schema (default on outside production). */
  readonly validateResponses: boolean;
  /**
   * Proxies whose `X-Forwarded-For` is believed (addresses, CIDRs, or `loopback`, `linklocal`,
   * `uniquelocal`): none by default, so the client address is the connection's own.
   */
  readonly trustProxy: readonly string[];
  /** The support system `customService` opens; null: the sandbox's page (SANDBOX on) or none. */
  readonly customerServiceUrl: string | null;
  /** The bearer token of `GET /metrics`; null: the figures are off (404). */
  readonly metricsToken: string | null;
  /** On SIGTERM, how long readiness says 503 while requests are still served (ms). */
  readonly shutdownDrainMs: number;
  /** The hard deadline of a shutdown, drain included (ms). */
  readonly shutdownTimeoutMs: number;
}

/** Whether this process is one of several sharing the database (INSTANCES above 1, or a ROLE that is not all three). */
export function severalProcesses(server: Pick<ServerPart, "instances" | "roles">): boolean {
  return server.instances > 1 || server.roles.size < 3;
}

/** `repoRoot` ends with a slash: the defaults of the data folder and the built app hang from it. */
export function serverOf(read: Read, repoRoot: string): ServerPart {
  const s = serverSettings;
  const production = read(s.nodeEnv) === "production";
  const dataDir = read(s.dataDir) ?? `${repoRoot}data`;
  const role = read(s.role);
  return {
    production,
    roles: new Set<Role>(role === null || role.length === 0 ? ["web", "worker", "ingest"] : (role as Role[])),
    instances: read(s.instances),
    host: read(s.host),
    // 0: any free port (tests).
    port: read(s.port),
    dataDir,
    h5Dist: read(s.h5Dist) ?? `${repoRoot}apps/h5/dist`,
    adminDist: read(s.adminDist) ?? `${repoRoot}apps/admin/dist`,
    logLevel: read(s.logLevel),
    operator: read(s.operator),
    seed: read(s.seed) ?? !production,
    mediaDir: read(s.mediaDir) ?? `${dataDir}/media`,
    mediaProfile: read(s.seedMedia),
    validateResponses: read(s.validateResponses) ?? !production,
    trustProxy: read(s.trustProxy),
    customerServiceUrl: read(s.customerServiceUrl),
    metricsToken: read(s.metricsToken),
    shutdownDrainMs: read(s.shutdownDrainMs),
    shutdownTimeoutMs: read(s.shutdownTimeoutMs),
  };
}
