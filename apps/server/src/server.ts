import { randomUUID } from "node:crypto";
import Fastify, { LogController } from "fastify";
import type { FastifyInstance } from "fastify";
import { addAccessLog, buildApp, loggerOptions } from "./app";
import { offerCommandLine } from "./modules/admin/machine";
import { Metrics, metricsRoutes } from "./http/metrics";
import { trackConnections } from "./http/connections";
import { Redis } from "ioredis";
import { sql } from "drizzle-orm";
import { CACHE_DROPS_CHANNEL, CacheDrops } from "./cache-drops";
import type { AppContext, Readiness } from "./context";
import { DatabaseFlood, MemoryFlood, RedisFlood } from "./security/flood";
import type { FloodGuard } from "./security/flood";
import { answers, openDatabase } from "./db/database";
import { authenticate, forgetSessions } from "./modules/auth/sessions";
import { uploadArrived, uploadGivenUp } from "./modules/posting/processing";
import { forgetViewer } from "./modules/substance/caches";
import type { Database } from "./db/database";
import { severalProcesses } from "./env";
import type { ServerConfig } from "./env";
import { join } from "node:path";
import { MEDIA_BUCKET, MediaLibrary } from "./media/library";
import { localUploadSigner } from "./modules/upload/local";
import { LocalStore } from "./providers/storage/local-store";
import { S3Store } from "./providers/storage/s3-store";
import type { ObjectStore } from "./providers/storage/store";
import { JobRunner } from "./jobs/runner";
import { liveHubOf } from "./modules/live/hub";
import { LiveStation } from "./modules/live/station";
import { paymentProviders } from "./providers/payments/http-provider";
import { HttpSmsGateway, SandboxSmsGateway } from "./providers/sms/gateway";
import { settleSecrets } from "./secrets";

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly database: Database;
  /** Where it listens, e.g. http://127.0.0.1:8080. */
  readonly origin: string;
  /** Stop taking requests, finish the ones in flight, flush, close the database. */
  close(): Promise<void>;
}

/** A request id taken from the caller: 8–128 letters, digits and `._:-` (no spaces, no NUL). */
const REQUEST_ID = /^[\w.:-]{8,128}$/;

/** Open the database (migrating it), make the context and the app, and listen. */
export async function startServer(
  config: ServerConfig,
  options: { logger?: boolean; now?: () => Date; logStream?: { write(line: string): void } } = {},
): Promise<RunningServer> {
  const secrets = settleSecrets(config);
  // Until the app's logger exists, an idle connection's error goes to stderr; then to the log.
  let poolError = (error: Error) => {
    process.stderr.write(`database connection lost: ${error.message}\n`);
  };
  const database = await openDatabase({
    ...config,
    onPoolError: (error) => {
      poolError(error);
    },
  });
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    // One line per request (addAccessLog), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Only proxies the operator names (TRUST_PROXY) may say who the client is (X-Forwarded-For).
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    // Unique across processes and restarts: the ledger records it with every movement (decision
    // 0023) and every answer carries it (X-Request-Id), so a complaint can name its request.
    // A well-formed id the caller (a proxy, a client's trace) sends is kept, so one id follows a
    // request through every hop; anything else (too long, other characters) gets a new one.
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const log = app.log;
  poolError = (error) => {
    log.warn({ error: error.message }, "database connection lost (it is made again at the next query)");
  };
  addAccessLog(app);
  // The figures exist only when a scraper may read them (METRICS_TOKEN): no collectors otherwise.
  const metrics = config.metricsToken === null ? null : new Metrics(database.db, () => database.poolStats());
  metricsRoutes(app, config.metricsToken, metrics);
  const providerFailed = (provider: string, kind: string) => {
    metrics?.providerFailed(provider, kind);
    log.warn({ provider, kind }, "a call to an outside party failed");
  };
  const connections = trackConnections(app);
  if (config.trustProxy.length === 0) {
    // Behind a proxy nobody named, every visitor has the proxy's address: per-address limits then
    // hold for all of them together. Say so once, so the operator sets TRUST_PROXY.
    let warned = false;
    app.addHook("onRequest", (request, _reply, done) => {
      if (!warned && request.headers["x-forwarded-for"] !== undefined) {
        warned = true;
        log.warn(
          { address: request.ip },
          "requests carry X-Forwarded-For but TRUST_PROXY is not set: every client counts as this address for the per-address limits (SMS, lockout); set TRUST_PROXY to the proxy's address if one is in front",
        );
      }
      done();
    });
  }
  const sms = config.sandbox
    ? new SandboxSmsGateway(database.db, (line) => {
        log.info(line);
      })
    : new HttpSmsGateway(config.smsGatewayUrl ?? "", config.smsGatewayKey, providerFailed);
  const now = options.now ?? (() => new Date());
  let listening = "";
  const origin = () => config.trade.publicUrl ?? listening;
  const payments = paymentProviders(config.trade.providers, secrets.signingKey, origin, now, providerFailed);
  const jobs = new JobRunner(database.db, now, log, {
    pollMs: config.jobsPollMs,
    leaseMs: config.jobsLeaseMs,
    concurrency: {
      default: config.jobsConcurrency,
      money: config.jobsMoneyConcurrency,
      transcode: config.creation.transcodeConcurrency,
    },
  });
  if (metrics) metrics.jobsRunning = () => jobs.runningByQueue();
  // Uploads and the media made from them: the data folder's `uploads/<bucket>/`, or S3-compatible
  // object storage (decision 0018). The seed's clips stay in the media folder.
  const storage: ObjectStore =
    config.storage.s3 !== null
      ? new S3Store(config.storage.s3)
      : new LocalStore(join(config.dataDir, "uploads"), localUploadSigner(secrets.signingKey));
  const { drops, unlistenDrops } = await cacheDropsOf(database, log);
  const redis = config.redisUrl === null ? null : connectRedis(config.redisUrl, log);
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    listen: database.listen,
    config,
    secrets,
    sms,
    payments,
    jobs,
    origin,
    media: new MediaLibrary(config.mediaDir, storage),
    storage,
    caches: { flood: floodGuard(config, database, now, redis), drops },
    authenticate: (header) => authenticate(ctx, header),
    ports: {
      membershipChanged: (userId) => {
        forgetSessions(ctx, userId);
        forgetViewer(ctx, userId);
      },
      uploadArrived: (row) => uploadArrived(ctx, row),
      uploadGivenUp: (row, key) => uploadGivenUp(ctx, row, key),
    },
    log,
    readiness: readinessOf(config, database, storage, jobs),
    now,
  };
  // A process without the `web` role (a worker, an ingest) registers every module — their jobs —
  // but answers only its health and metrics (decision 0031); an ingest also its live media (which
  // web processes serve from the shared store: live/mirror.ts).
  if (!config.roles.has("web")) servedOnly(app, config.roles.has("ingest"));
  await buildApp(ctx, app);
  listening = (await app.listen({ host: config.host, port: config.port })).replace("[::1]", "localhost");
  if (config.roles.has("worker")) await jobs.start(database.listen);
  // The operators' commands on this machine go through this process while it holds the embedded database.
  const withdrawOffer = database.kind === "pglite" ? offerCommandLine(ctx, config.dataDir, listening) : null;
  // The RTMP ingest, where LIVE_RTMP_PORT says (decision 0022), on a process with the ingest role.
  const station = config.roles.has("ingest") ? await LiveStation.start(ctx) : null;
  return {
    app,
    ctx,
    database,
    origin: listening,
    close: async () => {
      withdrawOffer?.();
      await jobs.stop();
      await station?.close();
      // The chat's open streams end first: the server's close waits for open requests.
      await liveHubOf(ctx).stop();
      connections.endIdle();
      await app.close();
      await unlistenDrops?.();
      redis?.disconnect();
      await database.close();
    },
  };
}

/** Redis for the shared limits: commands fail at once while it is away (the limiter then counts in memory). */
function connectRedis(url: string, log: FastifyInstance["log"]): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  let warned = false;
  redis.on("error", (error: Error) => {
    if (!warned)
      log.warn(
        { error: error.message },
        "Redis does not answer: limits are counted per process until it does",
      );
    warned = true;
  });
  redis.on("ready", () => {
    warned = false;
  });
  return redis;
}

/**
 * Where the per-caller call limits are counted (RATE_LIMIT_STORE): Redis; PostgreSQL's budget rows
 * (for several processes: one address hammering a call then queues on its row, which only a flood
 * does); or memory — one process's own, as the embedded database and a lone process need.
 */
function floodGuard(
  config: ServerConfig,
  database: Database,
  now: () => Date,
  redis: Redis | null,
): FloodGuard {
  const shared = severalProcesses(config) && database.kind === "postgres";
  const store = config.rateLimitStore ?? (redis ? "redis" : shared ? "database" : "memory");
  if (store === "redis" && redis) return new RedisFlood(redis);
  if (store === "database" && database.kind === "postgres") return new DatabaseFlood(database.db, now);
  return new MemoryFlood(() => now().getTime());
}

/** Paths a process without the `web` role answers: health, metrics, and (ingest) live media. */
function servedOnly(app: FastifyInstance, live: boolean): void {
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path.startsWith("/health") || path === "/metrics") return;
    if (live && /^\/api\/live\/(hls|seg|cover)\//.test(path)) return;
    await reply.code(404).header("content-type", "application/json").send({ status: "not served here" });
  });
}

/**
 * Cache drops, told to every process over NOTIFY (cache-drops.ts); on the embedded database there
 * is only one process, and nothing to tell.
 */
async function cacheDropsOf(
  database: Database,
  log: FastifyInstance["log"],
): Promise<{ drops: CacheDrops; unlistenDrops: (() => Promise<void>) | null }> {
  if (database.kind !== "postgres") return { drops: new CacheDrops(null), unlistenDrops: null };
  const drops = new CacheDrops(
    async (payload) => {
      await database.db.execute(sql`select pg_notify(${CACHE_DROPS_CHANNEL}, ${payload})`);
    },
    (error) => {
      log.warn(
        { err: error },
        "a cache drop was not told to the other processes (they catch up within the cache's time limit)",
      );
    },
  );
  const unlistenDrops = await database.listen(CACHE_DROPS_CHANNEL, (payload) => {
    drops.receive(payload);
  });
  return { drops, unlistenDrops };
}

/** What `/health/ready` asks of this process (context.ts, Readiness). */
function readinessOf(
  config: ServerConfig,
  database: Database,
  storage: ObjectStore,
  jobs: JobRunner,
): Readiness {
  return {
    draining: false,
    database: (timeoutMs) => database.ping(timeoutMs),
    // Any answer of the store (an object that is not there is one) within the time; an error is not.
    storage: (timeoutMs = 2000) =>
      storage instanceof LocalStore
        ? Promise.resolve(true)
        : answers(() => storage.head(MEDIA_BUCKET, "ready"), timeoutMs),
    jobs: () => !config.roles.has("worker") || jobs.started,
  };
}
