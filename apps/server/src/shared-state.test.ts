import { mkdtempSync, rmSync } from "node:fs";
import { randomInt } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PlatformApi } from "@platform/api-client";
import { ServerMessageKey } from "@platform/domain";
import { Redis } from "ioredis";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../test/config";
import { testRedisUrl } from "../test/env";
import { clientAt, failure, minuteClock, postgresTarget, startSeeded } from "../test/harness";
import type { TestPlatform } from "../test/harness";
import { personWithGold } from "../test/money";
import { liveRooms, users, videos } from "./db/schema";
import { startLocalS3 } from "../test/s3";
import { startServer } from "./server";
import type { RunningServer } from "./server";

/**
 * What two processes on one database share (decision 0031): the per-address call limits (in the
 * database, or Redis when REDIS_URL is set) and cache drops (NOTIFY). Two servers in this test
 * process stand for two processes: each has its own caches, limits and LISTEN connection.
 */
const describePg = postgresTarget.available ? describe : describe.skip;

const redisUrl = testRedisUrl;
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  probe.on("error", () => null);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A client of `server`, as from `address` behind the trusted proxy (a fresh address per case). */
function clientOf(server: RunningServer, address: string): PlatformApi {
  return clientAt(
    server.origin,
    { clientId: server.ctx.config.clientId, ...server.ctx.secrets },
    { "x-forwarded-for": address },
  );
}

const someAddress = () => `198.51.100.${String(randomInt(1, 254))}`;

/** A second server on the platform's database, with the same secrets (as production requires). */
async function twin(
  platform: TestPlatform,
  env: Record<string, string>,
  now: (() => Date) | null,
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "twin-"));
  const { secrets } = platform.server.ctx;
  const server = await startServer(
    testConfig(dataDir, platform.config.databaseUrl, {
      ...env,
      REQ_KEY: secrets.reqKey,
      CLIENT_SECRET: secrets.clientSecret,
      SIGNING_KEY: secrets.signingKey,
    }),
    { logger: false, ...(now ? { now } : {}) },
  );
  const close = server.close.bind(server);
  return Object.assign(server, {
    close: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

describePg("what two processes share, on PostgreSQL", () => {
  // RATE_LIMIT_STORE=database: what several processes on PostgreSQL use by default (INSTANCES > 1).
  const limits = { ANONYMOUS_WRITES_PER_MINUTE: "20", TRUST_PROXY: "loopback", RATE_LIMIT_STORE: "database" };
  // Long enough that only a drop told by the other process can explain a change seen in time.
  const caching = { SESSION_CACHE_MS: "60000", CATALOGUE_CACHE_MS: "60000" };
  let a: TestPlatform;
  let b: RunningServer;

  beforeAll(async () => {
    // One clock for both, so their per-minute windows are the same minute.
    const clock = minuteClock();
    a = await startSeeded(postgresTarget, { ...limits, ...caching }, { now: clock });
    b = await twin(a, { ...limits, ...caching }, clock);
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** How many of `n` password-key signs from one address, alternating between the servers, pass. */
  async function signsThrough(servers: readonly RunningServer[], n: number, address = someAddress()) {
    const clients = servers.map((s) => clientOf(s, address));
    const results = await Promise.allSettled(
      Array.from({ length: n }, (_, i) => clients[i % clients.length]!.auth.getKey()),
    );
    return results.filter((r) => r.status === "fulfilled").length;
  }

  it("the per-address limit holds for both together: 20 a minute, not 20 each", async () => {
    const address = someAddress();
    expect(await signsThrough([a.server, b], 30, address)).toBe(20);
    expect(await failure(clientOf(b, address).auth.getKey())).toMatchObject({
      code: 429,
      msgKey: ServerMessageKey.tooManyFromAddress,
    });
    // Another address has its own 20.
    expect(await signsThrough([b], 5)).toBe(5);
  });

  it("with REDIS_URL the same limit is counted in Redis", async (context) => {
    if (!(await redisAnswers())) {
      context.skip();
      return;
    }
    const inRedis = { ...limits, REDIS_URL: redisUrl, RATE_LIMIT_STORE: "redis" };
    const first = await twin(a, inRedis, null);
    const second = await twin(a, inRedis, null);
    try {
      const address = someAddress();
      expect(await signsThrough([first, second], 30, address)).toBe(20);
      expect(await failure(clientOf(second, address).auth.getKey())).toMatchObject({
        code: 429,
        msgKey: ServerMessageKey.tooManyFromAddress,
      });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("membership and a purchase made through one process apply on the other within 1 s", async () => {
    const { api: onA, mobile } = await personWithGold(a, 100_000);
    const onB = clientOf(b, someAddress());
    await onB.loginWithPassword({ phone: mobile, password: "demo123456" });
    const db = a.server.ctx.db;
    const [svip] = await db.select().from(videos).where(eq(videos.watchLevel, "SVIP"));
    const [charge] = await db.select().from(videos).where(eq(videos.watchLevel, "CHARGE"));
    // What B shows: membership from its cached session, the purchase from its cached flags.
    const onBNow = async () => ({
      member: (await onB.substance.getInfoById({ id: String(svip!.id) })).privileges.vipInfo.isVip,
      bought: (await onB.substance.getInfoById({ id: String(charge!.id) })).privileges.buyInfo.isBuy,
    });
    // B has cached the session (no membership) and the flags (not bought) for a minute.
    expect(await onBNow()).toEqual({ member: false, bought: false });

    const goods = await onA.user.vipGoodList();
    const month = goods.find((g) => g.days === 30) ?? goods[0]!;
    await onA.user.openVipAccount({ goodId: month.id, type: "OPEN_SVIP", payType: "GOLD" });
    await onA.substance.buyVideo({ payType: "GOLD", substanceId: String(charge!.id) });
    const told = Date.now();
    let seen = await onBNow();
    while (!(seen.member && seen.bought) && Date.now() - told < 1000) seen = await onBNow();
    expect(seen).toEqual({ member: true, bought: true });
    // And the benefit itself, through B.
    await onB.substance.doComment({ commentContent: "a member now", substanceId: String(svip!.id) });
  });

  it("roles: a worker answers only health and metrics and runs the jobs; a web process runs none; an ingest ends only abandoned rooms", async () => {
    const s3 = await startLocalS3();
    let s3Open = true;
    const several = { ...s3.env, PUBLIC_URL: a.server.origin, INSTANCES: "3", LIVE_RTMP_PORT: "0" };
    const db = a.server.ctx.db;
    // Two rooms left LIVE: one renewed just now (another ingest's), one not for a minute (a dead one's).
    const authors = await db.select({ id: users.id }).from(users).limit(2);
    const now = Date.now();
    const rooms = await db
      .insert(liveRooms)
      .values(
        authors.map((u, i) => ({
          authorId: u.id,
          title: `room ${String(i)}`,
          status: "LIVE",
          session: `s${String(i)}`,
          startedAt: new Date(now - 120_000),
          seenAt: new Date(i === 0 ? now : now - 60_000),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: liveRooms.id });
    // On the wall clock, as the rooms' times are (minuteClock runs up to a minute ahead).
    const worker = await twin(a, { ...several, ROLE: "worker" }, null);
    const web = await twin(a, { ...several, ROLE: "web" }, null);
    const ingest = await twin(a, { ...several, ROLE: "ingest" }, null);
    try {
      expect(await fetch(`${worker.origin}/health/ready`).then((r) => r.status)).toBe(200);
      const refused = await fetch(`${worker.origin}/api/substance/list`, { method: "POST" });
      expect({ status: refused.status, body: await refused.json() }).toEqual({
        status: 404,
        body: { status: "not served here" },
      });
      expect(await fetch(`${worker.origin}/`).then((r) => r.status)).toBe(404);
      expect({ worker: worker.ctx.jobs.started, web: web.ctx.jobs.started }).toEqual({
        worker: true,
        web: false,
      });
      expect(await fetch(`${web.origin}/health/ready`).then((r) => r.status)).toBe(200);
      const status = await db
        .select({ id: liveRooms.id, status: liveRooms.status })
        .from(liveRooms)
        .where(
          inArray(
            liveRooms.id,
            rooms.map((r) => r.id),
          ),
        );
      expect(status.sort((x, y) => x.id - y.id).map((r) => r.status)).toEqual(["LIVE", "ENDED"]);
      // The store going away takes the process out of a balancer's list (503, and why).
      await s3.close();
      s3Open = false;
      const away = await fetch(`${worker.origin}/health/ready`);
      expect({ status: away.status, body: await away.json() }).toMatchObject({
        status: 503,
        body: { reason: "storage" },
      });
      // A worker whose runner stopped is not ready either.
      await worker.ctx.jobs.stop();
      expect(worker.ctx.readiness.jobs()).toBe(false);
    } finally {
      await Promise.all([worker.close(), web.close(), ingest.close()]);
      await db.delete(liveRooms).where(
        inArray(
          liveRooms.id,
          rooms.map((r) => r.id),
        ),
      );
      if (s3Open) await s3.close();
    }
  });
});
