import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { isIP } from "node:net";
import { fileURLToPath } from "node:url";
import { limits } from "@platform/domain";
import type { S3Settings } from "./providers/storage/s3-store";

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
  /** The support system `customService` opens; null: the sandbox's page (SANDBOX on) or none. */
  readonly customerServiceUrl: string | null;
  /** A real SMS gateway (used when the sandbox is off). */
  readonly smsGatewayUrl: string | null;
  readonly smsGatewayKey: string | null;
  /** The built H5 app, served at / when it exists. */
  readonly h5Dist: string;
  readonly logLevel: string;
  /** Who runs the operators' commands (cli.ts), as the ledger records them; default: the login name. */
  readonly operator: string | null;
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
  /** How many videos of its sort order a keyset search reads before it asks the GIN indexes (decision 0016). */
  readonly searchProbeRows: number;
  /** Check every answer against the contract's response schema (default on outside production). */
  readonly validateResponses: boolean;
  /**
   * Proxies whose `X-Forwarded-For` is believed (addresses, CIDRs, or `loopback`, `linklocal`,
   * `uniquelocal`): none by default, so the client address is the connection's own.
   */
  readonly trustProxy: readonly string[];
  /** Behind a trusted proxy, the sandbox's SMS read-back also needs this secret (none: refused). */
  readonly sandboxReadbackSecret: string | null;
  /** SMS sends allowed per minute / hour / day: from one address, and from everyone together. */
  readonly smsSendPerAddress: RateBudget;
  readonly smsSendGlobal: RateBudget;
  /** The wait before a phone can be sent another code (spec §9: 60 s; shorter only for tests). */
  readonly smsResendSeconds: number;
  /**
   * Codes sent to one phone per day; wrong codes tried against one phone for one purpose per day;
   * wrong codes tried by strangers (sign-in, registration, reset) from one address per hour.
   */
  readonly smsSendsPerPhonePerDay: number;
  readonly smsWrongCodesPerPhonePerDay: number;
  readonly smsWrongCodesPerAddressPerHour: number;
  /**
   * Uploads one user may have outstanding: signed and not finished, while they can still receive
   * bytes or hold some in the store.
   */
  readonly uploadMaxPending: number;
  /**
   * Bytes one user may upload per 24 hours: what arrived (parts and whole files, finished or not),
   * and what live signs declared.
   */
  readonly uploadDailyBytes: number;
  /** Bytes one user may keep in the store: finished files not removed, and live signs' declared sizes. */
  readonly uploadDiskBytes: number;
  /** The largest file by kind. */
  readonly uploadPictureMaxBytes: number;
  readonly uploadVideoMaxBytes: number;
  /** A stored picture's longest side (pictures are re-encoded to fit). */
  readonly uploadPictureMaxSide: number;
  /**
   * An upload unfinished this long after it was signed (ms) is given up by the clean-up job and
   * its bytes removed; so is a finished video upload no video uses. At least UPLOAD_RESUME_HOURS.
   */
  readonly uploadAbandonMs: number;
  /** A viewer's play or share of a video counts once per this many seconds. */
  readonly countWindowSeconds: number;
  /** Password-key signs and guest sessions one address may ask for per minute. */
  readonly anonymousWritesPerMinute: number;
  /** Tracking events one caller (user, or address when anonymous) may report per minute. */
  readonly trackingEventsPerMinute: number;
  /** Extra sources of the Content-Security-Policy (`CSP_*`; src/http/security-headers.ts). */
  readonly csp: CspSettings;
  /** Money in and out (Step 11): providers, limits and timings. */
  readonly trade: TradeSettings;
  /** How often this process looks for due background jobs (ms). */
  readonly jobsPollMs: number;
  /** How long a claimed job is this process's before another may take it up (renewed while it runs). */
  readonly jobsLeaseMs: number;
  /** Where uploads and the media made from them are kept (decision 0018). */
  readonly storage: StorageSettings;
  /** Posting videos (Step 14): prices, previews, processing and review. */
  readonly creation: CreationSettings;
  readonly game: GameSettings;
  /** Live rooms (Step 16, decision 0022): the RTMP ingest, the live HLS it makes, the chat. */
  readonly live: LiveSettings;
}

export interface LiveSettings {
  /** The RTMP ingest's port (LIVE_RTMP_PORT; 0: any free one); null: no ingest (the default). */
  readonly rtmpPort: number | null;
  /** The address it listens on (LIVE_RTMP_HOST, else HOST). */
  readonly rtmpHost: string;
  /** What authors put in their encoder as the server (LIVE_RTMP_PUBLIC_URL), else rtmp://host:port/live. */
  readonly rtmpPublicUrl: string | null;
  /** Start the seeded demo room: ffmpeg looping a clip into the ingest with `-c copy` (LIVE_DEMO). */
  readonly demo: boolean;
  /** Target length of a live segment, and how many the playlists keep (the sliding window). */
  readonly segmentSeconds: number;
  readonly windowSegments: number;
  /** Heights of the renditions made below the source's (LIVE_LADDER, e.g. "480,240"; empty: source only). */
  readonly ladder: readonly number[];
  /** How long a dropped encoder may take to come back before the room ends (ms). */
  readonly reconnectGraceMs: number;
  /** A stream that sends nothing for this long is dropped (ms). */
  readonly stallMs: number;
  /** Chat messages one person may send per minute, and the least time between two (ms). */
  readonly chatPerMinute: number;
  readonly chatGapMs: number;
  /** Chat streams one client address may hold open, every process together. */
  readonly streamsPerAddress: number;
}

function ladderOf(value: string | undefined): number[] {
  if (value === undefined) return [240];
  const heights = value
    .split(/[,\s]+/)
    .filter((part) => part !== "")
    .map((part) => Number(part));
  for (const h of heights)
    if (!Number.isSafeInteger(h) || h < 72 || h > 2160 || h % 2 !== 0)
      throw new Error("LIVE_LADDER must be even heights from 72 to 2160, comma-separated");
  return [...new Set(heights)].sort((a, b) => b - a);
}

function liveOf(env: Readonly<Record<string, string | undefined>>, host: string): LiveSettings {
  const port = env.LIVE_RTMP_PORT;
  const rtmpPort =
    port === undefined || port === "" || port === "off" ? null : intOf(port, 1935, "LIVE_RTMP_PORT", 0);
  if (rtmpPort !== null && rtmpPort > 65_535)
    throw new Error("LIVE_RTMP_PORT must be a port (0-65535) or off");
  const publicUrl = env.LIVE_RTMP_PUBLIC_URL || null;
  if (publicUrl !== null && !/^rtmps?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(publicUrl))
    throw new Error("LIVE_RTMP_PUBLIC_URL must be an rtmp:// or rtmps:// URL");
  return {
    rtmpPort,
    rtmpHost: env.LIVE_RTMP_HOST || host,
    rtmpPublicUrl: publicUrl === null ? null : publicUrl.replace(/\/+$/, ""),
    demo: boolOf(env.LIVE_DEMO, false),
    segmentSeconds: intOf(env.LIVE_SEGMENT_SECONDS, 1, "LIVE_SEGMENT_SECONDS"),
    windowSegments: intOf(env.LIVE_WINDOW_SEGMENTS, 6, "LIVE_WINDOW_SEGMENTS", 3),
    ladder: ladderOf(env.LIVE_LADDER),
    reconnectGraceMs: intOf(env.LIVE_RECONNECT_GRACE_MS, 15_000, "LIVE_RECONNECT_GRACE_MS", 0),
    stallMs: intOf(env.LIVE_STALL_MS, 10_000, "LIVE_STALL_MS", 1000),
    chatPerMinute: intOf(env.LIVE_CHAT_PER_MINUTE, 20, "LIVE_CHAT_PER_MINUTE"),
    chatGapMs: intOf(env.LIVE_CHAT_GAP_MS, 1000, "LIVE_CHAT_GAP_MS", 0),
    streamsPerAddress: intOf(env.LIVE_CHAT_STREAMS_PER_ADDRESS, 20, "LIVE_CHAT_STREAMS_PER_ADDRESS"),
  };
}

export interface StorageSettings {
  /** `local`: the data folder; `s3`: S3-compatible object storage. */
  readonly kind: "local" | "s3";
  readonly s3: S3Settings | null;
  /** The size of an upload's parts (S3 takes at least 5 MiB). */
  readonly partBytes: number;
  /** How long an unfinished video upload can be resumed (ms). */
  readonly resumeMs: number;
}

export interface CreationSettings {
  /** A CHARGE video's price bounds (hundredths). */
  readonly priceMin: number;
  readonly priceMax: number;
  /** The longest preview of SVIP and CHARGE videos, and the one a new video gets (ms). */
  readonly previewMaxMs: number;
  readonly previewDefaultMs: number;
  /** ffmpeg processes this process runs at once. */
  readonly transcodeConcurrency: number;
  /** The automatic review's technical bounds. */
  readonly minSeconds: number;
  readonly maxMinutes: number;
  readonly minShortSide: number;
  /** Words a title, introduction or tag may not contain (lower case). */
  readonly bannedWords: readonly string[];
}

/** BANNED_WORDS_FILE: one word per line, `#` starts a comment; words are matched in lower case. */
function bannedWordsOf(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`BANNED_WORDS_FILE: cannot read ${file}`);
  }
  return [
    ...new Set(
      text
        .split("\n")
        .map((line) => line.replace(/#.*$/, "").trim().normalize("NFKC").toLowerCase())
        .filter((word) => word !== ""),
    ),
  ];
}

function storageOf(env: Readonly<Record<string, string | undefined>>): StorageSettings {
  const kind = env.STORAGE || "local";
  if (kind !== "local" && kind !== "s3") throw new Error("STORAGE must be local or s3");
  const endpoint = env.S3_ENDPOINT || null;
  for (const [name, url] of [
    ["S3_ENDPOINT", endpoint],
    ["S3_PUBLIC_ENDPOINT", env.S3_PUBLIC_ENDPOINT || null],
  ] as const) {
    if (url !== null && !/^https?:\/\/[^/\s]+\/?$/.test(url))
      throw new Error(`${name} must be an http(s) origin like https://s3.example.com`);
  }
  if (kind === "s3" && !env.S3_BUCKET) throw new Error("S3_BUCKET is needed when STORAGE is s3");
  const partBytes = intOf(env.UPLOAD_PART_BYTES, 1024 * 1024, "UPLOAD_PART_BYTES", 64 * 1024);
  return {
    kind,
    s3:
      kind === "s3"
        ? {
            endpoint,
            publicEndpoint: env.S3_PUBLIC_ENDPOINT || null,
            region: env.S3_REGION || "us-east-1",
            bucket: env.S3_BUCKET ?? "",
            accessKeyId: env.S3_ACCESS_KEY_ID || null,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
            forcePathStyle: boolOf(env.S3_FORCE_PATH_STYLE, endpoint !== null),
          }
        : null,
    partBytes,
    resumeMs: intOf(env.UPLOAD_RESUME_HOURS, 24, "UPLOAD_RESUME_HOURS") * 3600_000,
  };
}

/**
 * UPLOAD_ABANDON_HOURS: when the clean-up gives an unfinished upload up. Never before an upload in
 * parts can no longer be resumed (UPLOAD_RESUME_HOURS), or it would remove what may still go on.
 */
function abandonMsOf(env: Readonly<Record<string, string | undefined>>, storage: StorageSettings): number {
  const hours = intOf(
    env.UPLOAD_ABANDON_HOURS,
    Math.max(24, storage.resumeMs / 3600_000),
    "UPLOAD_ABANDON_HOURS",
  );
  if (hours * 3600_000 < storage.resumeMs)
    throw new Error("UPLOAD_ABANDON_HOURS must not be below UPLOAD_RESUME_HOURS");
  return hours * 3600_000;
}

/** Where browsers send uploads besides this server (the bucket, with S3): the CSP's connect-src. */
function uploadOrigins(storage: StorageSettings): string[] {
  const s3 = storage.s3;
  if (s3 === null) return [];
  const endpoint = s3.publicEndpoint ?? s3.endpoint;
  if (endpoint !== null) return [new URL(endpoint).origin.toLowerCase()];
  return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`.toLowerCase()];
}

function creationOf(env: Readonly<Record<string, string | undefined>>): CreationSettings {
  const priceMin = yuanOf(env.VIDEO_PRICE_MIN, 1, "VIDEO_PRICE_MIN");
  const priceMax = yuanOf(env.VIDEO_PRICE_MAX, 99_900, "VIDEO_PRICE_MAX");
  if (priceMax < priceMin) throw new Error("VIDEO_PRICE_MAX must not be below VIDEO_PRICE_MIN");
  const previewMaxMs = intOf(env.VIDEO_PREVIEW_MAX_SECONDS, 300, "VIDEO_PREVIEW_MAX_SECONDS", 0) * 1000;
  return {
    priceMin,
    priceMax,
    previewMaxMs,
    previewDefaultMs: Math.min(15_000, previewMaxMs),
    transcodeConcurrency: intOf(
      env.TRANSCODE_CONCURRENCY,
      Math.max(1, availableParallelism() - 1),
      "TRANSCODE_CONCURRENCY",
    ),
    minSeconds: intOf(env.VIDEO_MIN_SECONDS, 1, "VIDEO_MIN_SECONDS", 0),
    maxMinutes: intOf(env.VIDEO_MAX_MINUTES, 180, "VIDEO_MAX_MINUTES"),
    minShortSide: intOf(env.VIDEO_MIN_SHORT_SIDE, 144, "VIDEO_MIN_SHORT_SIDE"),
    bannedWords: bannedWordsOf(env.BANNED_WORDS_FILE || `${repoRoot}apps/server/banned-words.txt`),
  };
}

/** A payment provider's address and shared secret (none: the sandbox's, while it is on). */
export interface ProviderSettings {
  readonly url: string | null;
  readonly secret: string | null;
}

export interface TradeSettings {
  /** The address people reach this server at (return and notify URLs); default: where it listens. */
  readonly publicUrl: string | null;
  readonly providers: Readonly<Record<"bank" | "eepay" | "merchant", ProviderSettings>>;
  /** A PAYING recharge unpaid this long is cancelled as expired. */
  readonly rechargeExpireMinutes: number;
  /** BANK_SM takes any amount in this range; EE_PAY and MERCHANT the fixed amounts (hundredths). */
  readonly bankRange: { readonly min: number; readonly max: number };
  readonly fixedAmounts: readonly number[];
  /**
   * A payment is credited as paid only within its method's minimum and maximum and up to this
   * multiple of its order; anything else is held for an operator (decision 0023).
   */
  readonly paidMaxMultiple: number;
  /** Single withdrawal bounds (hundredths). */
  readonly withdrawMin: number;
  readonly withdrawMax: number;
  /** A reserved withdrawal is paid in the batch this long after it is asked (urging: at once). */
  readonly reservedDelaySeconds: number;
  /** The e-wallet withdrawal review (spec §9: 5-10 minutes). */
  readonly eepayReviewSeconds: number;
  readonly maxCardsPerUser: number;
  /** The sandbox's timings: settling, random delay of notifications, and sending each twice. */
  readonly sandboxSettleDelayMs: number;
  readonly sandboxJitterMs: number;
  readonly sandboxDuplicates: boolean;
}

function amountsOf(value: string | undefined, fallback: number[], name: string): number[] {
  if (value === undefined || value === "") return fallback;
  const amounts = value
    .split(/[,\s]+/)
    .filter((v) => v !== "")
    .map((v) => Math.round(Number(v) * 100));
  if (amounts.length === 0 || !amounts.every((n) => Number.isSafeInteger(n) && n > 0))
    throw new Error(`${name} must be amounts in yuan, comma-separated (e.g. 10,50,100)`);
  return amounts;
}

function yuanOf(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Math.round(Number(value) * 100);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be an amount in yuan above 0`);
  return n;
}

/** The game lobby's provider and bonus (decision 0021). */
export interface GameSettings {
  /** The provider's address (its /play page); none: the sandbox provider of this server. */
  readonly providerUrl: string | null;
  /** The secret the provider signs wallet calls with; none: derived from the signing key. */
  readonly providerSecret: string | null;
  /** The bonus an exchange of gold into the game adds, in percent (0: none). */
  readonly bonusPercent: number;
  /** The sandbox game's dice: fixed throws (1-6, comma-separated, repeated) for tests; empty: random. */
  readonly sandboxDice: readonly number[];
  /** The sandbox dice's house edge in percent: a win pays 2 × the bet less this (decision 0023). */
  readonly sandboxHouseEdgePercent: number;
  /** A win above this multiple of its bet, or above `winMax` (hundredths), is held for review. */
  readonly winMaxMultiple: number;
  readonly winMax: number;
  /** A bet with no outcome this long after it was placed is voided (its stake given back). */
  readonly betSettleMinutes: number;
}

function percentOf(value: string | undefined, fallback: number, name: string): number {
  const n = intOf(value, fallback, name, 0);
  if (n > 100) throw new Error(`${name} must be a whole percent from 0 to 100`);
  return n;
}

function diceOf(value: string | undefined): number[] {
  if (value === undefined || value.trim() === "") return [];
  const throws = value
    .split(/[,\s]+/)
    .filter((v) => v !== "")
    .map(Number);
  if (!throws.every((n) => Number.isInteger(n) && n >= 1 && n <= 6))
    throw new Error("SANDBOX_GAME_DICE must be throws from 1 to 6, comma-separated (e.g. 6,6,1)");
  return throws;
}

/**
 * Origins the Content-Security-Policy allows beyond this server, by directive (none by default):
 * later steps' payment pages, object storage and sockets. Each is a bare origin.
 */
export interface CspSettings {
  readonly connectSrc: readonly string[];
  readonly imgSrc: readonly string[];
  readonly mediaSrc: readonly string[];
  readonly frameSrc: readonly string[];
  /** Where browsers report violations (`report-uri`): an http(s) URL or a path of this server. */
  readonly reportUri: string | null;
}

/** How many of something a fixed window allows. */
export interface RateBudget {
  readonly perMinute: number;
  readonly perHour: number;
  readonly perDay: number;
}

/** "per minute,per hour,per day", e.g. "5,20,50". */
function budgetOf(value: string | undefined, fallback: RateBudget, name: string): RateBudget {
  if (value === undefined || value === "") return fallback;
  const parts = value.split(/[,/\s]+/).map(Number);
  if (parts.length !== 3 || !parts.every((n) => Number.isInteger(n) && n >= 1)) {
    throw new Error(
      `${name} must be three whole numbers of at least 1: per minute, per hour, per day (e.g. 5,20,50)`,
    );
  }
  const [perMinute = 0, perHour = 0, perDay = 0] = parts;
  return { perMinute, perHour, perDay };
}

const proxyKeywords = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY: addresses, CIDRs or proxy-addr's keywords, comma- or space-separated. */
function proxiesOf(value: string | undefined): string[] {
  const entries = (value ?? "").split(/[,\s]+/).filter((entry) => entry !== "");
  for (const entry of entries) {
    const [address = "", bits, ...rest] = entry.split("/");
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!proxyKeywords.has(entry) && !(family !== 0 && validBits && rest.length === 0)) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an address, a CIDR, or one of loopback, linklocal, uniquelocal`,
      );
    }
  }
  return entries;
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

/**
 * A scheme, a host (optionally `*.` for its subdomains) and a port: nothing else. A quote, a
 * semicolon, a comma or a space inside an entry could add keywords or directives to the policy.
 */
const cspOrigin =
  /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i;

/** Space- or comma-separated origins of a CSP setting (none when unset). */
function originsOf(value: string | undefined, name: string): string[] {
  const entries = (value ?? "").split(/[\s,]+/).filter((entry) => entry !== "");
  for (const entry of entries) {
    const port = /:(\d+)$/.exec(entry)?.[1];
    if (!cspOrigin.test(entry) || (port !== undefined && Number(port) > 65535))
      throw new Error(`${name}: "${entry}" is not an origin like https://cdn.example.com`);
  }
  return [...new Set(entries.map((entry) => entry.toLowerCase()))];
}

/** CSP_REPORT_URI: an http(s) URL or a path of this server, with nothing that could end the directive. */
function reportUriOf(value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  if (/[\s;,'"]/.test(value) || !/^(?:https?:\/\/[^/]|\/)/i.test(value) || !URL.canParse(value, "http://x"))
    throw new Error("CSP_REPORT_URI must be an http(s) URL or a path starting with /");
  return value;
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
  const provider = (name: "BANK" | "EEPAY" | "MERCHANT"): ProviderSettings => {
    const url = env[`PAY_${name}_URL`] || null;
    const secret = env[`PAY_${name}_SECRET`] || null;
    if (!sandbox && (!url || !secret))
      throw new Error(`PAY_${name}_URL and PAY_${name}_SECRET are needed when SANDBOX is off`);
    return { url, secret };
  };
  const withdrawMin = yuanOf(env.WITHDRAW_MIN, 1000, "WITHDRAW_MIN");
  const withdrawMax = yuanOf(env.WITHDRAW_MAX, 5_000_000, "WITHDRAW_MAX");
  if (withdrawMax < withdrawMin) throw new Error("WITHDRAW_MAX must not be below WITHDRAW_MIN");
  const bankMin = yuanOf(env.RECHARGE_BANK_MIN, 1000, "RECHARGE_BANK_MIN");
  const bankMax = yuanOf(env.RECHARGE_BANK_MAX, 5_000_000, "RECHARGE_BANK_MAX");
  if (bankMax < bankMin) throw new Error("RECHARGE_BANK_MAX must not be below RECHARGE_BANK_MIN");
  const mediaProfile = env.SEED_MEDIA || "full";
  if (mediaProfile !== "full" && mediaProfile !== "quick")
    throw new Error("SEED_MEDIA must be full or quick");
  const memberDiscount = Number(env.MEMBER_DISCOUNT || "8");
  if (!(memberDiscount > 0 && memberDiscount <= 10))
    throw new Error("MEMBER_DISCOUNT must be more than 0 and at most 10");
  const dataDir = env.DATA_DIR || `${repoRoot}data`;
  const storage = storageOf(env);
  const host = env.HOST || "127.0.0.1";
  return {
    host,
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
    customerServiceUrl: env.CUSTOMER_SERVICE_URL || null,
    smsGatewayUrl: env.SMS_GATEWAY_URL || null,
    smsGatewayKey: env.SMS_GATEWAY_KEY || null,
    h5Dist: env.H5_DIST || `${repoRoot}apps/h5/dist`,
    logLevel: env.LOG_LEVEL || "info",
    operator: env.OPERATOR || null,
    seed: boolOf(env.SEED, !production),
    mediaDir: env.MEDIA_DIR || `${dataDir}/media`,
    mediaProfile,
    memberDiscount,
    sessionCacheMs: intOf(env.SESSION_CACHE_MS, 5000, "SESSION_CACHE_MS", 0),
    catalogueCacheMs: intOf(env.CATALOGUE_CACHE_MS, 2000, "CATALOGUE_CACHE_MS", 0),
    searchProbeRows: intOf(env.SEARCH_PROBE_ROWS, 2000, "SEARCH_PROBE_ROWS", 1),
    validateResponses: boolOf(env.VALIDATE_RESPONSES, !production),
    trustProxy: proxiesOf(env.TRUST_PROXY),
    sandboxReadbackSecret: env.SANDBOX_READBACK_SECRET || null,
    smsSendPerAddress: budgetOf(
      env.SMS_SEND_PER_ADDRESS,
      { perMinute: 5, perHour: 20, perDay: 50 },
      "SMS_SEND_PER_ADDRESS",
    ),
    smsSendGlobal: budgetOf(
      env.SMS_SEND_GLOBAL,
      { perMinute: 100, perHour: 2000, perDay: 20000 },
      "SMS_SEND_GLOBAL",
    ),
    smsResendSeconds: intOf(env.SMS_RESEND_SECONDS, limits.smsResendSeconds, "SMS_RESEND_SECONDS", 0),
    smsSendsPerPhonePerDay: intOf(env.SMS_SENDS_PER_PHONE_PER_DAY, 10, "SMS_SENDS_PER_PHONE_PER_DAY"),
    smsWrongCodesPerPhonePerDay: intOf(
      env.SMS_WRONG_CODES_PER_PHONE_PER_DAY,
      10,
      "SMS_WRONG_CODES_PER_PHONE_PER_DAY",
    ),
    smsWrongCodesPerAddressPerHour: intOf(
      env.SMS_WRONG_CODES_PER_ADDRESS_PER_HOUR,
      20,
      "SMS_WRONG_CODES_PER_ADDRESS_PER_HOUR",
    ),
    uploadMaxPending: intOf(env.UPLOAD_MAX_PENDING, 10, "UPLOAD_MAX_PENDING"),
    uploadDailyBytes: intOf(env.UPLOAD_DAILY_BYTES, 4 * 1024 ** 3, "UPLOAD_DAILY_BYTES"),
    uploadPictureMaxBytes: intOf(env.UPLOAD_PICTURE_MAX_BYTES, 10 * 1024 ** 2, "UPLOAD_PICTURE_MAX_BYTES"),
    uploadVideoMaxBytes: intOf(env.UPLOAD_VIDEO_MAX_BYTES, 1024 ** 3, "UPLOAD_VIDEO_MAX_BYTES"),
    uploadDiskBytes: intOf(env.UPLOAD_DISK_BYTES, 20 * 1024 ** 3, "UPLOAD_DISK_BYTES"),
    uploadPictureMaxSide: intOf(env.UPLOAD_PICTURE_MAX_SIDE, 2048, "UPLOAD_PICTURE_MAX_SIDE", 16),
    uploadAbandonMs: abandonMsOf(env, storage),
    countWindowSeconds: intOf(env.COUNT_WINDOW_SECONDS, 24 * 3600, "COUNT_WINDOW_SECONDS"),
    anonymousWritesPerMinute: intOf(env.ANONYMOUS_WRITES_PER_MINUTE, 60, "ANONYMOUS_WRITES_PER_MINUTE"),
    trackingEventsPerMinute: intOf(env.TRACKING_EVENTS_PER_MINUTE, 300, "TRACKING_EVENTS_PER_MINUTE"),
    csp: {
      connectSrc: [
        ...new Set([...originsOf(env.CSP_CONNECT_SRC, "CSP_CONNECT_SRC"), ...uploadOrigins(storage)]),
      ],
      imgSrc: originsOf(env.CSP_IMG_SRC, "CSP_IMG_SRC"),
      mediaSrc: originsOf(env.CSP_MEDIA_SRC, "CSP_MEDIA_SRC"),
      frameSrc: originsOf(env.CSP_FRAME_SRC, "CSP_FRAME_SRC"),
      reportUri: reportUriOf(env.CSP_REPORT_URI),
    },
    trade: {
      publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, "") : null,
      providers: { bank: provider("BANK"), eepay: provider("EEPAY"), merchant: provider("MERCHANT") },
      rechargeExpireMinutes: intOf(env.RECHARGE_EXPIRE_MINUTES, 30, "RECHARGE_EXPIRE_MINUTES"),
      bankRange: { min: bankMin, max: bankMax },
      fixedAmounts: amountsOf(
        env.RECHARGE_AMOUNTS,
        [1000, 5000, 10_000, 20_000, 50_000, 100_000],
        "RECHARGE_AMOUNTS",
      ),
      paidMaxMultiple: intOf(env.RECHARGE_PAID_MAX_MULTIPLE, 2, "RECHARGE_PAID_MAX_MULTIPLE"),
      withdrawMin,
      withdrawMax,
      reservedDelaySeconds: intOf(
        env.WITHDRAW_RESERVED_DELAY_SECONDS,
        3600,
        "WITHDRAW_RESERVED_DELAY_SECONDS",
        0,
      ),
      eepayReviewSeconds: intOf(env.EEPAY_REVIEW_SECONDS, 300, "EEPAY_REVIEW_SECONDS", 0),
      maxCardsPerUser: intOf(env.MAX_CARDS_PER_USER, 5, "MAX_CARDS_PER_USER"),
      sandboxSettleDelayMs: intOf(env.SANDBOX_SETTLE_DELAY_MS, 3000, "SANDBOX_SETTLE_DELAY_MS", 0),
      sandboxJitterMs: intOf(env.SANDBOX_JITTER_MS, 1500, "SANDBOX_JITTER_MS", 0),
      sandboxDuplicates: boolOf(env.SANDBOX_DUPLICATES, true),
    },
    jobsPollMs: intOf(env.JOBS_POLL_MS, 1000, "JOBS_POLL_MS", 10),
    jobsLeaseMs: intOf(env.JOBS_LEASE_MS, 60_000, "JOBS_LEASE_MS", 1000),
    storage,
    creation: creationOf(env),
    game: {
      providerUrl: env.GAME_PROVIDER_URL ? env.GAME_PROVIDER_URL.replace(/\/+$/, "") : null,
      providerSecret: env.GAME_PROVIDER_SECRET || null,
      bonusPercent: percentOf(env.GAME_BONUS_PERCENT, 10, "GAME_BONUS_PERCENT"),
      sandboxDice: diceOf(env.SANDBOX_GAME_DICE),
      sandboxHouseEdgePercent: percentOf(env.SANDBOX_GAME_HOUSE_EDGE, 5, "SANDBOX_GAME_HOUSE_EDGE"),
      winMaxMultiple: intOf(env.GAME_WIN_MAX_MULTIPLE, 100, "GAME_WIN_MAX_MULTIPLE"),
      winMax: yuanOf(env.GAME_WIN_MAX, 5_000_000, "GAME_WIN_MAX"),
      betSettleMinutes: intOf(env.GAME_BET_SETTLE_MINUTES, 60, "GAME_BET_SETTLE_MINUTES"),
    },
    live: liveOf(env, host),
  };
}
