import { StorageKey } from "@platform/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  clientOptions,
  ok,
  openReq,
  reply,
  startServer,
} from "../test/platform-server";
import type { TestServer } from "../test/platform-server";
import type { ApiError } from "./errors";
import { createApiClient, isApiError, memoryStorage } from "./index";
import type { ApiClientOptions, ClientStorage, SessionEndReason } from "./index";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

interface Harness {
  readonly api: ReturnType<typeof createApiClient>;
  readonly storage: ClientStorage;
  readonly errors: ApiError[];
  readonly expired: SessionEndReason[];
}

function harness(overrides: Partial<ApiClientOptions> = {}, stored: Record<string, string> = {}): Harness {
  const storage = memoryStorage(stored);
  const errors: ApiError[] = [];
  const expired: SessionEndReason[] = [];
  const api = createApiClient({
    ...clientOptions(server),
    storage,
    refreshRetryDelayMs: 1000,
    timeZone: () => "GMT+08:00",
    hooks: {
      onError: (e) => errors.push(e),
      onSessionExpired: (r) => expired.push(r),
    },
    ...overrides,
  });
  return { api, storage, errors, expired };
}

const signedIn = {
  [StorageKey.accessToken]: "access-1",
  [StorageKey.refreshToken]: "refresh-1",
  [StorageKey.userInfo]: JSON.stringify({ id: "7", mobile: "13800000000", channelTagId: 42 }),
  [StorageKey.busPlatformId]: "bp-9",
};

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

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

function credentials(access: string, refresh: string) {
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: "bearer",
    expires_in: 3600,
    scope: "server",
    user_info: {
      id: "7",
      mobile: "13800000000",
      nickName: "n",
      avatarFileUrl: null,
      channelTagId: "42",
      memberId: "m",
      isVip: false,
    },
  };
}

describe("401 → one refresh → 1 s → replay (spec §4)", () => {
  it("20 concurrent 401s make exactly one refresh call, and every call succeeds on its replay", async () => {
    let current = "not-yet"; // the stored access-1 has expired
    server.on("/user/app/user/information/unreadTotal", (req, res) => {
      if (req.headers.authorization !== `Bearer ${current}`) {
        reply(res, 401, { code: 401, msg: "expired", data: null });
        return;
      }
      ok(res, { total: 5 });
    });
    let refreshes = 0;
    server.on("/auth/h5/token/new/refresh", (req, res) => {
      refreshes++;
      const params = openReq((req.body as { req: string }).req);
      expect(params).toMatchObject({
        refresh_token: "refresh-1",
        grant_type: "refresh_token",
        scope: "server",
      });
      expect(req.headers.authorization?.startsWith("Basic ")).toBe(true);
      // Slow enough that every 401 arrives while the refresh is in flight.
      setTimeout(() => {
        current = "access-2";
        ok(res, credentials("access-2", "refresh-2"));
      }, 150);
    });
    const { api, storage } = harness({}, signedIn);
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, () => api.user.unreadTotal()));
    expect(results).toEqual(Array.from({ length: 20 }, () => ({ total: 5 })));
    expect(refreshes).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const calls = server.to("/user/app/user/information/unreadTotal");
    expect(calls).toHaveLength(40);
    expect(calls.filter((r) => r.headers.authorization === "Bearer access-2")).toHaveLength(20);
    // Each replay came at least 1 s after the refresh answered.
    const refreshedAt = server.to("/auth/h5/token/new/refresh")[0]!.arrivedAt + 150;
    for (const replay of calls.filter((r) => r.headers.authorization === "Bearer access-2")) {
      expect(replay.arrivedAt - refreshedAt).toBeGreaterThanOrEqual(990);
    }
    expect(storage.get(StorageKey.accessToken)).toBe("access-2");
    expect(storage.get(StorageKey.refreshToken)).toBe("refresh-2");
  });

  it("a 401 that arrives after the refresh finished replays without a second refresh", async () => {
    let current = "not-yet"; // the stored access-1 has expired
    let refreshes = 0;
    server.on("/auth/h5/token/new/refresh", (_, res) => {
      refreshes++;
      current = "access-2";
      ok(res, credentials("access-2", "refresh-2"));
    });
    server.on("/user/app/user/information/unreadTotal", (req, res) => {
      if (req.headers.authorization !== `Bearer ${current}`) {
        reply(res, 401, { code: 401, msg: "expired", data: null });
        return;
      }
      ok(res, { total: 1 });
    });
    server.on("/user/app/user/information/queryInfo", (req, res) => {
      // Answers late, with the old token's 401, after the other call's refresh completed.
      setTimeout(() => {
        if (req.headers.authorization !== `Bearer ${current}`)
          reply(res, 401, { code: 401, msg: "", data: null });
        else ok(res, { nickName: "late" });
      }, 400);
    });
    const { api } = harness({ refreshRetryDelayMs: 50 }, signedIn);
    const [a, b] = await Promise.all([api.user.unreadTotal(), api.user.queryInfo()]);
    expect(a).toEqual({ total: 1 });
    expect(b).toMatchObject({ nickName: "late" });
    expect(refreshes).toBe(1);
  });

  it("the replay works whatever retry setting the host chose, and happens at most once", async () => {
    let refreshes = 0;
    server.on("/auth/h5/token/new/refresh", (_, res) => {
      refreshes++;
      ok(res, credentials(`access-r${String(refreshes)}`, `refresh-r${String(refreshes)}`));
    });
    server.on("/user/app/user/information/unreadTotal", (_, res) => {
      reply(res, 401, { code: 401, msg: "always", data: null });
    });
    for (const retry of [0, 2, { limit: 5, statusCodes: [401, 500] }]) {
      server.requests.length = 0;
      refreshes = 0;
      const { api, expired } = harness({ retry, refreshRetryDelayMs: 10 }, signedIn);
      const error = await rejection(api.user.unreadTotal());
      expect(error.kind).toBe("sessionExpired");
      expect(refreshes).toBe(1);
      // The original and exactly one replay; ky's own retries never see a 401.
      expect(server.to("/user/app/user/information/unreadTotal")).toHaveLength(2);
      expect(expired).toEqual(["refresh_failed"]);
    }
  });

  it("a failed refresh ends the session: one dialog however many calls failed", async () => {
    server.on("/user/app/user/information/unreadTotal", (_, res) => {
      reply(res, 401, { code: 401, msg: "", data: null });
    });
    server.on("/auth/h5/token/new/refresh", (_, res) => {
      reply(res, 200, { code: 8888, msg: "refresh token reused", data: "invalid_grant" });
    });
    const { api, errors, expired } = harness({}, signedIn);
    const failures = await Promise.all(Array.from({ length: 5 }, () => rejection(api.user.unreadTotal())));
    expect(failures.map((e) => e.kind)).toEqual(Array(5).fill("sessionExpired"));
    expect(server.to("/auth/h5/token/new/refresh")).toHaveLength(1);
    expect(expired).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("no refresh token stored: the session ends without calling refresh", async () => {
    server.on("/user/app/user/information/unreadTotal", (_, res) => {
      reply(res, 401, { code: 401, msg: "", data: null });
    });
    const { api, expired } = harness({}, { [StorageKey.accessToken]: "access-1" });
    expect((await rejection(api.user.unreadTotal())).kind).toBe("sessionExpired");
    expect(server.to("/auth/h5/token/new/refresh")).toHaveLength(0);
    expect(expired).toEqual(["refresh_failed"]);
  });
});

describe("envelope and errors (spec §8)", () => {
  it("8888 with invalid_grant in a 200 ends the session, with no toast", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 200, { code: 8888, msg: "expired", data: "invalid_grant" });
    });
    const { api, errors, expired } = harness({}, signedIn);
    const error = await rejection(api.user.queryInfo());
    expect(error).toMatchObject({ kind: "sessionExpired", code: 8888, data: "invalid_grant" });
    expect(error.messageKey).toBe("error.sessionExpired");
    expect(expired).toEqual(["invalid_grant"]);
    expect(errors).toEqual([]);
  });

  it("8888 with invalid_request in an error body does the same", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 400, { code: 8888, msg: "bad", data: "invalid_request" });
    });
    const { api, expired } = harness({}, signedIn);
    expect((await rejection(api.user.queryInfo())).kind).toBe("sessionExpired");
    expect(expired).toEqual(["invalid_request"]);
  });

  it("8888 with another reason is an ordinary business error", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 200, { code: 8888, msg: "something else", data: "other" });
    });
    const { api, errors, expired } = harness({}, signedIn);
    expect(await rejection(api.user.queryInfo())).toMatchObject({ kind: "business", msg: "something else" });
    expect(expired).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it("a code other than 200 in a 200: the msg is toasted and the call fails", async () => {
    server.on("/substance/app/favorite/createFavorite", (_, res) => {
      reply(res, 200, { code: 4100, msg: "名称已存在", data: null });
    });
    const { api, errors } = harness({}, signedIn);
    const error = await rejection(api.substance.createFavorite({ name: "收藏夹" }));
    expect(error).toMatchObject({ kind: "business", code: 4100, msg: "名称已存在", status: 200 });
    expect(errors).toEqual([error]);
  });

  it("a refusal's msgKey and msgValues reach the error; a malformed key is dropped", async () => {
    server.on("/third/app/sms/sendValidateCode", (_, res) => {
      reply(res, 200, {
        code: 429,
        msg: "验证码发送过于频繁，请 47 秒后再试",
        data: { retryAfterSeconds: 47 },
        msgKey: "server.smsTooSoon",
        msgValues: { seconds: 47, bad: { nested: true } },
      });
    });
    server.on("/substance/app/favorite/createFavorite", (_, res) => {
      reply(res, 200, { code: 400, msg: "x", data: { retryAfterSeconds: "soon" }, msgKey: "<script>" });
    });
    const { api } = harness({}, signedIn);
    const tooSoon = await rejection(api.sendSmsCode("13800000001"));
    expect(tooSoon).toMatchObject({ msgKey: "server.smsTooSoon", msgValues: { seconds: 47 } });
    expect(tooSoon.retryAfterSeconds).toBe(47);
    const odd = await rejection(api.substance.createFavorite({ name: "收藏夹" }));
    expect(odd.msgKey).toBeNull();
    expect(odd.msgValues).toEqual({});
    expect(odd.retryAfterSeconds).toBeNull();
  });

  it("a quiet call fails without telling the host (background calls such as tracking)", async () => {
    server.on("/tracking/app/event/tracking/reportNew", (_, res) => {
      reply(res, 500, {}, "Internal Server Error");
    });
    const { api, errors } = harness({}, signedIn);
    const error = await rejection(api.track({ event: "page_view", page: "/home", options: { quiet: true } }));
    expect(error).toMatchObject({ kind: "http", status: 500 });
    expect(errors).toEqual([]);
    await rejection(api.track({ event: "page_view", page: "/home" }));
    expect(errors).toHaveLength(1);
  });

  it("HTTP 500 shows its status text, or 'system error' when there is none", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 500, { code: 500, msg: "stack trace here", data: null }, "Internal Server Error");
    });
    const { api, errors } = harness({}, signedIn);
    const error = await rejection(api.user.queryInfo());
    expect(error).toMatchObject({ kind: "http", status: 500, msg: "Internal Server Error" });
    expect(errors).toEqual([error]);
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 500, {}, " ");
    });
    const bare = await rejection(api.user.queryInfo());
    expect(bare.msg.trim()).toBe("");
    expect(bare.messageKey).toBe("error.system");
  });

  it("another error status shows the body's msg", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      reply(res, 403, { code: 403, msg: "forbidden here", data: null });
    });
    const { api } = harness({}, signedIn);
    expect(await rejection(api.user.queryInfo())).toMatchObject({
      kind: "http",
      status: 403,
      msg: "forbidden here",
    });
  });

  it("an answer that is not JSON is a system error", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      res.end("<html>gateway</html>");
    });
    const { api } = harness({}, signedIn);
    const error = await rejection(api.user.queryInfo());
    expect(error.kind).toBe("http");
    expect(error.messageKey).toBe("error.system");
  });

  it("network errors are reported with their kind", async () => {
    const { api, errors } = harness({ baseUrl: "http://127.0.0.1:9" }, signedIn);
    const error = await rejection(api.user.queryInfo());
    expect(error.kind).toBe("network");
    expect(error.messageKey).toBe("error.network");
    expect(errors).toEqual([error]);
  });

  it("a call that takes longer than the timeout fails as a timeout", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      setTimeout(() => {
        ok(res, {});
      }, 1000);
    });
    const { api, errors } = harness({ timeoutMs: 150 }, signedIn);
    const error = await rejection(api.user.queryInfo());
    expect(error.kind).toBe("timeout");
    expect(error.messageKey).toBe("error.timeout");
    expect(errors).toEqual([error]);
  });
});

describe("cancellation", () => {
  it("an aborted call rejects as cancelled and nobody is told", async () => {
    server.on("/user/app/user/information/queryInfo", (_, res) => {
      setTimeout(() => {
        ok(res, {});
      }, 500);
    });
    const { api, errors } = harness({ minimumResponseMs: 300 }, signedIn);
    const controller = new AbortController();
    const pending = api.user.queryInfo(undefined, { signal: controller.signal });
    setTimeout(() => {
      controller.abort();
    }, 50);
    const started = Date.now();
    const error = await rejection(pending);
    expect(error.kind).toBe("cancelled");
    expect(error.shouldNotify).toBe(false);
    expect(errors).toEqual([]);
    // A cancelled call does not wait for the floor.
    expect(Date.now() - started).toBeLessThan(300);
  });

  it("a new first-page getVideoList aborts the earlier in-flight one", async () => {
    server.on("/substance/app/substance-online/getVideoList", (req, res) => {
      const body = req.body as { sort: string };
      setTimeout(() => {
        ok(res, { records: [], total: 0, current: 1, size: 10, sort: body.sort });
      }, 200);
    });
    const { api, errors } = harness({}, signedIn);
    const first = api.substance.getVideoList({ current: 1, size: 10, sort: "default" });
    await new Promise((r) => setTimeout(r, 30));
    const second = api.substance.getVideoList({ current: 1, size: 10, sort: "mostPlays" });
    const error = await rejection(first);
    expect(error.kind).toBe("cancelled");
    await expect(second).resolves.toMatchObject({ sort: "mostPlays" });
    expect(errors).toEqual([]);
    await new Promise((r) => setTimeout(r, 250));
    expect(server.to("/substance/app/substance-online/getVideoList")[0]?.closedEarly).toBe(true);
  });

  it("a later page does not cancel, and search substance cancels on its own first page", async () => {
    server.on("/search/app/search/substance", (req, res) => {
      setTimeout(() => {
        ok(res, req.body);
      }, 120);
    });
    const { api } = harness({}, signedIn);
    const page1 = api.search.substance({ keyword: "猫", current: 1 });
    const page2 = api.search.substance({ keyword: "猫", current: 2 });
    await expect(Promise.all([page1, page2])).resolves.toHaveLength(2);
    const older = api.search.substance({ keyword: "猫", current: 2 });
    const fresh = api.search.substance({ keyword: "狗", current: 1 });
    expect((await rejection(older)).kind).toBe("cancelled");
    await expect(fresh).resolves.toMatchObject({ keyword: "狗" });
  });

  it("the caller's own signal still works on first-page endpoints", async () => {
    server.on("/substance/app/substance-online/getVideoList", (_, res) => {
      setTimeout(() => {
        ok(res, { records: [], total: 0, current: 1, size: 10 });
      }, 300);
    });
    const { api } = harness({}, signedIn);
    const controller = new AbortController();
    const call = api.substance.getVideoList({ current: 1 }, { signal: controller.signal });
    controller.abort();
    expect((await rejection(call)).kind).toBe("cancelled");
  });
});

describe("session helpers", () => {
  it("signOut forgets the session but keeps the language; endSession clears everything", () => {
    const { api, storage } = harness({}, { ...signedIn, [StorageKey.language]: "enUS" });
    api.client.signOut();
    expect(storage.get(StorageKey.accessToken)).toBeNull();
    expect(storage.get(StorageKey.userInfo)).toBeNull();
    expect(storage.get(StorageKey.language)).toBe("enUS");
    api.client.endSession();
    expect(storage.get(StorageKey.language)).toBeNull();
  });

  it("a guest session has no user info", async () => {
    server.on("/auth/h5/token/new/clientId", (req, res) => {
      expect(openReq((req.body as { req: string }).req)).toMatchObject({
        clientId: CLIENT_ID,
        channelTagId: "0",
      });
      ok(res, { ...credentials("g1", "gr1"), user_info: null });
    });
    const { api, storage } = harness({}, { [StorageKey.userInfo]: "{}" });
    await api.loginAsGuest();
    expect(storage.get(StorageKey.accessToken)).toBe("g1");
    expect(storage.get(StorageKey.userInfo)).toBeNull();
  });

  it("identity-card login sends the QR's params; a QR that is not a card fails before any call", async () => {
    server.on("/auth/h5/token/new/identityCard", (req, res) => {
      expect(openReq((req.body as { req: string }).req)).toMatchObject({
        cardId: "c1",
        secret: "s".repeat(32),
      });
      ok(res, credentials("ic1", "icr1"));
    });
    const { api } = harness();
    await api.loginWithIdentityCard(JSON.stringify({ cardId: "c1", secret: "s".repeat(32) }));
    expect(server.to("/auth/h5/token/new/identityCard")).toHaveLength(1);
    await expect(api.loginWithIdentityCard("not json")).rejects.toThrow("not an identity card");
    await expect(api.loginWithIdentityCard('{"cardId":1}')).rejects.toThrow("not an identity card");
  });

  it("sends SMS codes for the asked purpose", async () => {
    server.on("/third/app/sms/sendValidateCode", (_, res) => {
      ok(res);
    });
    const { api } = harness();
    await api.sendSmsCode(" 13800000000 ", "REGISTER");
    await api.sendSmsCode("13800000000");
    expect(server.to("/third/app/sms/sendValidateCode").map((r) => r.body)).toEqual([
      { phoneNumbers: "13800000000", type: "REGISTER" },
      { phoneNumbers: "13800000000", type: "LOGIN" },
    ]);
  });

  it("tracking sends the stored user and channel, with data as a JSON string", async () => {
    server.on("/tracking/app/event/tracking/reportNew", (_, res) => {
      ok(res);
    });
    const { api } = harness({}, signedIn);
    await api.track({ event: "play", page: "/videoview", data: { id: "v1", seconds: 3 } });
    const body = server.to("/tracking/app/event/tracking/reportNew")[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      userId: "7",
      channelTagId: "42",
      event: "play",
      page: "/videoview",
      referrer: "",
    });
    expect(JSON.parse(body.data as string)).toEqual({ id: "v1", seconds: 3 });
    expect(typeof body.timestamp).toBe("number");
  });

  it("media URLs get the token and platform id, absolute or relative", () => {
    const { api } = harness({}, signedIn);
    expect(api.mediaUrl("/media/v1/720p.m3u8?x=1")).toBe(
      "/media/v1/720p.m3u8?x=1&token=access-1&bus_platform_id=bp-9",
    );
    expect(api.mediaUrl("https://cdn.example/v1.m3u8")).toBe(
      "https://cdn.example/v1.m3u8?token=access-1&bus_platform_id=bp-9",
    );
    const anonymous = harness();
    expect(anonymous.api.mediaUrl("/media/a.m3u8")).toBe("/media/a.m3u8");
  });
});
