import { Language, StorageKey } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { harness, rejection, serveThisFile, server, signedIn } from "../test/client-harness";
import { CLIENT_ID, CLIENT_SECRET, ok, openReq, reply } from "../test/platform-server";

// What every call sends (spec §7) and how soon it may answer (spec §9).
serveThisFile();

describe("headers (spec §7)", () => {
  it("a product call carries every header, the bearer token and the stored channel tag", async () => {
    server.on("/user/app/user/information/unreadTotal", (_, res) => {
      ok(res, { total: 3 });
    });
    const { api } = harness({}, signedIn);
    await expect(api.user.unreadTotal()).resolves.toEqual({ total: 3 });
    const [req] = server.to("/user/app/user/information/unreadTotal");
    expect(req?.method).toBe("POST");
    expect(req?.headers).toMatchObject({
      authorization: "Bearer access-1",
      "bus-platform-id": "bp-9",
      "register-platform-id": "11120",
      platform: "H5",
      channeltagid: "42",
      "time-zone": "GMT+08:00",
      language: "zh_CN",
      "content-type": "application/json",
    });
    expect(req?.body).toEqual({});
  });

  it("without a stored session: no bearer, channel tag 0, no platform id", async () => {
    server.on("/auth/app/getKey", (_, res) => {
      ok(res, { key: "k", sign: "s" });
    });
    const { api } = harness();
    await api.auth.getKey();
    const [req] = server.to("/auth/app/getKey");
    expect(req?.headers.authorization).toBeUndefined();
    expect(req?.headers["bus-platform-id"]).toBeUndefined();
    expect(req?.headers.channeltagid).toBe("0");
  });

  it("with no stored language, sends the app's default (the browser's language), else zh_CN", async () => {
    server.on("/user/app/user/information/unreadTotal", (_, res) => {
      ok(res, { total: 0 });
    });
    const english = harness({ defaultLanguage: () => Language.enUS }, signedIn);
    await english.api.user.unreadTotal();
    const chinese = harness({}, signedIn);
    await chinese.api.user.unreadTotal();
    const stored = harness(
      { defaultLanguage: () => Language.enUS },
      { ...signedIn, [StorageKey.language]: "zhCN" },
    );
    await stored.api.user.unreadTotal();
    const sent = server.to("/user/app/user/information/unreadTotal").map((req) => req.headers.language);
    expect(sent).toEqual(["en_US", "zh_CN", "zh_CN"]);
  });

  it("English is sent as en_US and the device time zone in GMT form by default", async () => {
    server.on("/user/app/user/information/unreadTotal", (_, res) => {
      ok(res, { total: 0 });
    });
    const { api } = harness({ timeZone: undefined }, { ...signedIn, [StorageKey.language]: "enUS" });
    await api.user.unreadTotal();
    const [req] = server.to("/user/app/user/information/unreadTotal");
    expect(req?.headers.language).toBe("en_US");
    expect(req?.headers["time-zone"]).toMatch(/^GMT[+-]\d{2}:\d{2}$/);
  });

  it("token endpoints: encrypted req with curtime, Basic client, no bearer, no time-zone; language (0012)", async () => {
    server.on("/auth/h5/token/new/sms", (_, res) => {
      ok(res, {
        access_token: "a2",
        refresh_token: "r2",
        token_type: "bearer",
        expires_in: 3600,
        scope: "server",
        user_info: {
          id: "8",
          mobile: "13800000001",
          nickName: "n",
          avatarFileUrl: null,
          channelTagId: "5",
          memberId: "m",
          isVip: false,
        },
      });
    });
    const { api, storage } = harness({}, signedIn);
    const before = Date.now();
    await api.loginWithSms({ phone: "13800000001", code: "1234" });
    const [req] = server.to("/auth/h5/token/new/sms");
    expect(req?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`,
    );
    expect(req?.headers["time-zone"]).toBeUndefined();
    // A departure from spec §7 (decision 0012): a refusal of sign-in must be in the reader's language.
    expect(req?.headers.language).toBe("zh_CN");
    expect(req?.headers["register-platform-id"]).toBe("11120");
    const body = req?.body as { req: string };
    expect(Object.keys(body)).toEqual(["req"]);
    const params = openReq(body.req);
    expect(params).toMatchObject({
      mobile: "13800000001",
      code: "1234",
      channelTagId: "42",
      clientId: CLIENT_ID,
      mobileCountryCode: "+86",
      countryCode: "CN",
    });
    expect(params.curtime).toBeGreaterThanOrEqual(before);
    expect(params.curtime).toBeLessThanOrEqual(Date.now());
    // The credentials are kept under the spec's storage keys.
    expect(storage.get(StorageKey.accessToken)).toBe("a2");
    expect(storage.get(StorageKey.refreshToken)).toBe("r2");
    expect(JSON.parse(storage.get(StorageKey.userInfo) ?? "{}")).toMatchObject({
      id: "8",
      channelTagId: "5",
    });
  });

  it("register and reset password carry no bearer token but do carry language (spec §6)", async () => {
    server.on("/auth/app/getKey", (_, res) => {
      ok(res, { key: (globalThis as { __pub?: string }).__pub ?? "", sign: "sign-1234" });
    });
    const { rsa } = await import("../test/platform-server");
    (globalThis as { __pub?: string }).__pub = rsa.publicKey;
    server.on("/user/app/register", (_, res) => {
      ok(res);
    });
    const { api } = harness({}, signedIn);
    await api.register({ phone: "13800000002", code: "1234", password: "secret1" });
    const [req] = server.to("/user/app/register");
    expect(req?.headers.authorization).toBeUndefined();
    expect(req?.headers.language).toBe("zh_CN");
    expect(req?.body).toMatchObject({
      mobile: "13800000002",
      platform: "H5",
      sign: "sign-1234",
      clientId: CLIENT_ID,
    });
  });

  it("customer service: no register-platform-id, platform or channelTagId", async () => {
    server.on("/system/app/system/customService/callByType/PLATFORM", (_, res) => {
      ok(res, { url: "https://support.example/chat" });
    });
    const { api } = harness({}, signedIn);
    await expect(api.system.customService()).resolves.toEqual({ url: "https://support.example/chat" });
    const [req] = server.to("/system/app/system/customService/callByType/PLATFORM");
    expect(req?.method).toBe("GET");
    expect(req?.headers["register-platform-id"]).toBeUndefined();
    expect(req?.headers.platform).toBeUndefined();
    expect(req?.headers.channeltagid).toBeUndefined();
    expect(req?.headers.authorization).toBe("Bearer access-1");
    expect(req?.headers["bus-platform-id"]).toBe("bp-9");
  });

  it("GET params travel in the query, path fields fill the path", async () => {
    server.on("/trade/app/order/detail/ord-1", (_, res) => {
      ok(res, { orderNum: "R1" });
    });
    server.on("/trade/app/payee/getDetailByOrderNum", (req, res) => {
      ok(res, { orderNum: req.query.get("orderNum") });
    });
    const { api } = harness({}, signedIn);
    await api.trade.orderDetailById({ id: "ord-1" });
    await expect(api.trade.withdrawByOrderNum({ orderNum: "W123456" })).resolves.toEqual({
      orderNum: "W123456",
    });
    expect(server.to("/trade/app/order/detail/ord-1")[0]?.query.toString()).toBe("");
  });

  it("money calls carry an Idempotency-Key: fresh each time, or the one the caller gives", async () => {
    server.on("/substance/app/substance-online/buy/video/account", (_, res) => {
      ok(res, { isBuy: true, paidAmount: 100, balance: 0 });
    });
    const { api } = harness({}, signedIn);
    await api.substance.buyVideo({ payType: "GOLD", substanceId: "v1" });
    await api.substance.buyVideo({ payType: "GOLD", substanceId: "v1" });
    await api.substance.buyVideo({ payType: "GOLD", substanceId: "v1" }, { idempotencyKey: "intent-1" });
    const keys = server
      .to("/substance/app/substance-online/buy/video/account")
      .map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe("intent-1");
    server.on("/user/app/user/information/unreadTotal", (_, res) => {
      ok(res, { total: 0 });
    });
    await api.user.unreadTotal();
    expect(
      server.to("/user/app/user/information/unreadTotal")[0]?.headers["idempotency-key"],
    ).toBeUndefined();
  });
});

describe("the 300 ms floor (spec §9)", () => {
  it("no call resolves sooner than the floor, and concurrent calls are not serialised", async () => {
    server.on("/marketing/app/activity/props/list", (_, res) => {
      ok(res, { integral: 1, gameToken: 2, videoCard: 3 });
    });
    const { api } = harness({ minimumResponseMs: 300 }, signedIn);
    const started = Date.now();
    const settled: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        await api.marketing.propsList();
        settled.push(Date.now());
      }),
    );
    expect(Math.min(...settled) - started).toBeGreaterThanOrEqual(300);
    const arrivals = server.to("/marketing/app/activity/props/list").map((r) => r.arrivedAt);
    expect(arrivals).toHaveLength(5);
    // Every request reached the server before the first call resolved: none waited for another.
    expect(Math.max(...arrivals)).toBeLessThan(Math.min(...settled));
  });

  it("failures wait for the floor too", async () => {
    server.on("/user/app/user/information/unreadTotal", (_, res) => {
      reply(res, 200, { code: 4001, msg: "nope", data: null });
    });
    const { api } = harness({ minimumResponseMs: 300 }, signedIn);
    const started = Date.now();
    await rejection(api.user.unreadTotal());
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it("configured 0, a call resolves as soon as the answer arrives", async () => {
    server.on("/user/app/user/information/unreadTotal", (_, res) => {
      ok(res, { total: 0 });
    });
    const { api } = harness({ minimumResponseMs: 0 }, signedIn);
    await api.user.unreadTotal(); // warm the connection
    const started = Date.now();
    await api.user.unreadTotal();
    expect(Date.now() - started).toBeLessThan(300);
  });
});
