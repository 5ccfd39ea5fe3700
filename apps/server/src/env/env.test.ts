import { describe, expect, it } from "vitest";
import { realParties } from "../../test/config";
import { loadConfig } from "../env";

describe("settings", () => {
  it("read amounts in yuan exactly, as the domain parses them (never through a float)", () => {
    const config = loadConfig({
      VIDEO_PRICE_MIN: "0.29",
      WITHDRAW_MIN: "12.5",
      RECHARGE_AMOUNTS: "0.29, 10 1000.01",
      GAME_WIN_MAX: "50000",
    });
    expect(config.creation.priceMin).toBe(29);
    expect(config.trade.withdrawMin).toBe(1250);
    expect(config.trade.fixedAmounts).toEqual([29, 1000, 100_001]);
    expect(config.game.winMax).toBe(5_000_000);
    for (const value of ["12.345", "1e3", "0x10", "-1", "0", "ten"]) {
      expect(() => loadConfig({ WITHDRAW_MAX: value }), value).toThrow(/^WITHDRAW_MAX must be an amount/);
      expect(() => loadConfig({ RECHARGE_AMOUNTS: `10,${value}` }), value).toThrow(/^RECHARGE_AMOUNTS/);
    }
    expect(() => loadConfig({ RECHARGE_AMOUNTS: " , " })).toThrow(/RECHARGE_AMOUNTS/);
    expect(() => loadConfig({ WITHDRAW_MIN: "100", WITHDRAW_MAX: "99.99" })).toThrow(
      "WITHDRAW_MAX must not be below WITHDRAW_MIN",
    );
  });

  it("take blank as unset, and refuse what is not a whole number above the floor", () => {
    expect(loadConfig({ PORT: "", JOBS_POLL_MS: "" })).toMatchObject({ port: 8080, jobsPollMs: 1000 });
    expect(loadConfig({ PORT: "0", SESSION_CACHE_MS: "0" })).toMatchObject({ port: 0, sessionCacheMs: 0 });
    for (const [name, value] of [
      ["PORT", "-1"],
      ["PORT", "80.5"],
      ["JOBS_POLL_MS", "9"],
      ["UPLOAD_PART_BYTES", "1024"],
      ["ACCESS_TOKEN_SECONDS", "soon"],
    ] as const)
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`^${name} must be a whole number of at least`),
      );
  });

  it("hash new passwords at scrypt's 2^15 unless told, from 2^12 to 2^17", () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: "17" }).passwordHashCost).toBe(17);
    for (const value of ["11", "18", "15.5"])
      expect(() => loadConfig({ PASSWORD_HASH_COST: value }), value).toThrow(
        /^PASSWORD_HASH_COST must be a whole number from 12 to 17/,
      );
  });

  it("read switches, choices, budgets and percents", () => {
    expect(loadConfig({ SEED: "YES", VALIDATE_RESPONSES: "nope" })).toMatchObject({
      seed: true,
      validateResponses: false,
    });
    expect(loadConfig({ SMS_SEND_GLOBAL: "1/2/3" }).smsSendGlobal).toEqual({
      perMinute: 1,
      perHour: 2,
      perDay: 3,
    });
    expect(() => loadConfig({ SMS_SEND_PER_ADDRESS: "5,20" })).toThrow(/^SMS_SEND_PER_ADDRESS must be three/);
    expect(() => loadConfig({ SEED_MEDIA: "some" })).toThrow("SEED_MEDIA must be full or quick");
    expect(() => loadConfig({ STORAGE: "disk" })).toThrow("STORAGE must be local or s3");
    expect(() => loadConfig({ GAME_BONUS_PERCENT: "101" })).toThrow(
      "GAME_BONUS_PERCENT must be a whole percent",
    );
    expect(loadConfig({ MEMBER_DISCOUNT: "8.5" }).memberDiscount).toBe(8.5);
    expect(() => loadConfig({ MEMBER_DISCOUNT: "0" })).toThrow(/^MEMBER_DISCOUNT/);
  });

  it("name the entry of a list they refuse", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback ::1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "loopback",
      "::1",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "loopback everyone" })).toThrow(
      'TRUST_PROXY: "everyone" is not an address, a CIDR, or one of loopback, linklocal, uniquelocal',
    );
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY: "10.0.0.0\/33"/);
    expect(loadConfig({ SANDBOX_GAME_DICE: "6,1 6" }).game.sandboxDice).toEqual([6, 1, 6]);
    expect(() => loadConfig({ SANDBOX_GAME_DICE: "6,7" })).toThrow(/^SANDBOX_GAME_DICE must be throws/);
  });

  it("read the live ingest and its ladder", () => {
    const defaults = loadConfig({ HOST: "0.0.0.0" }).live;
    expect(defaults).toMatchObject({ rtmpPort: null, rtmpHost: "0.0.0.0", ladder: [240], demo: false });
    expect(loadConfig({ LIVE_RTMP_PORT: "off" }).live.rtmpPort).toBeNull();
    expect(loadConfig({ LIVE_RTMP_PORT: "0" }).live.rtmpPort).toBe(0);
    expect(() => loadConfig({ LIVE_RTMP_PORT: "70000" })).toThrow(
      "LIVE_RTMP_PORT must be a port (0-65535) or off",
    );
    // Empty is the source alone; heights come highest first, once each.
    expect(loadConfig({ LIVE_LADDER: "" }).live.ladder).toEqual([]);
    expect(loadConfig({ LIVE_LADDER: "240, 480,240" }).live.ladder).toEqual([480, 240]);
    expect(() => loadConfig({ LIVE_LADDER: "241" })).toThrow(/^LIVE_LADDER must be even heights/);
    expect(loadConfig({ LIVE_RTMP_PUBLIC_URL: "rtmps://live.example.com/live//" }).live.rtmpPublicUrl).toBe(
      "rtmps://live.example.com/live",
    );
    expect(() => loadConfig({ LIVE_RTMP_PUBLIC_URL: "https://x" })).toThrow(/^LIVE_RTMP_PUBLIC_URL/);
  });

  it("refuse several processes that would not share their secrets, address and files", () => {
    const pg = { DATABASE_URL: "postgres://db/platform" };
    expect(loadConfig({}).roles).toEqual(new Set(["web", "worker", "ingest"]));
    expect(() => loadConfig({ ...pg, INSTANCES: "3" })).toThrow(
      "several processes (INSTANCES=3, ROLE=web,worker,ingest) need shared settings; missing: REQ_KEY, CLIENT_SECRET, SIGNING_KEY, PUBLIC_URL, STORAGE=s3 (with S3_BUCKET)",
    );
    // A role alone is several processes too, and the embedded database is one process's.
    expect(() => loadConfig({ ROLE: "worker" })).toThrow(/missing: DATABASE_URL \(PostgreSQL/);
    expect(() => loadConfig({ ROLE: "web,cook" })).toThrow(/^ROLE/);
    const shared = {
      ...pg,
      REQ_KEY: "k",
      CLIENT_SECRET: "c",
      SIGNING_KEY: "s",
      PUBLIC_URL: "https://h5.example.com",
      STORAGE: "s3",
      S3_BUCKET: "platform",
    };
    expect(() => loadConfig({ ...shared, ROLE: "web", PUBLIC_URL: "" })).toThrow(/missing: PUBLIC_URL$/);
    const worker = loadConfig({ ...shared, ROLE: "worker", INSTANCES: "4" });
    expect(worker).toMatchObject({ instances: 4, roles: new Set(["worker"]) });
    expect(loadConfig({ ...shared, ROLE: "web, ingest" }).roles).toEqual(new Set(["web", "ingest"]));
    expect(() => loadConfig({ RATE_LIMIT_STORE: "redis" })).toThrow("RATE_LIMIT_STORE=redis needs REDIS_URL");
    expect(() => loadConfig({ RATE_LIMIT_STORE: "database" })).toThrow(/needs DATABASE_URL/);
    expect(() => loadConfig({ RATE_LIMIT_STORE: "disk" })).toThrow(/^RATE_LIMIT_STORE/);
  });

  it("find defaults from other settings", () => {
    const config = loadConfig({ DATA_DIR: "/srv/data", PUBLIC_URL: "https://h5.example.com//" });
    expect(config.mediaDir).toBe("/srv/data/media");
    expect(config.trade.publicUrl).toBe("https://h5.example.com");
    expect(
      loadConfig({
        NODE_ENV: "production",
        REQ_KEY: "k",
        CLIENT_SECRET: "c",
        SIGNING_KEY: "s",
        ...realParties,
      }),
    ).toMatchObject({ production: true, sandbox: false, seed: false, validateResponses: false });
  });

  it("keep the bucket's settings for S3, and let browsers send uploads there", () => {
    expect(() => loadConfig({ STORAGE: "s3" })).toThrow("S3_BUCKET is needed when STORAGE is s3");
    expect(() => loadConfig({ S3_ENDPOINT: "s3.example.com" })).toThrow(
      /^S3_ENDPOINT must be an http\(s\) origin/,
    );
    const config = loadConfig({ STORAGE: "s3", S3_BUCKET: "media", S3_ENDPOINT: "http://127.0.0.1:9000/" });
    expect(config.storage.s3).toMatchObject({ bucket: "media", region: "us-east-1", forcePathStyle: true });
    expect(config.csp.connectSrc).toEqual(["http://127.0.0.1:9000"]);
    expect(loadConfig({ STORAGE: "s3", S3_BUCKET: "media", S3_REGION: "eu-west-1" }).csp.connectSrc).toEqual([
      "https://media.s3.eu-west-1.amazonaws.com",
    ]);
  });
});
