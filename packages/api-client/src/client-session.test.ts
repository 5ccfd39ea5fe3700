import { StorageKey } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { credentials, harness, rejection, serveThisFile, server, signedIn } from "../test/client-harness";
import { CLIENT_ID, ok, openReq, reply } from "../test/platform-server";

// The session (spec §4): one refresh for any number of 401s, the replay, its end; the sign-in flows.
serveThisFile();

/** The unread count answers `total` to the `current()` access token, and 401 to any other. */
function answerUnreadWhileCurrent(current: () => string, total: number): void {
  server.on("/user/app/user/information/unreadTotal", (req, res) => {
    if (req.headers.authorization !== `Bearer ${current()}`) {
      reply(res, 401, { code: 401, msg: "expired", data: null });
      return;
    }
    ok(res, { total });
  });
}

describe("401 → one refresh → 1 s → replay (spec §4)", () => {
  it("20 concurrent 401s make exactly one refresh call, and every call succeeds on its replay", async () => {
    let current = "not-yet"; // the stored access-1 has expired
    answerUnreadWhileCurrent(() => current, 5);
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
    answerUnreadWhileCurrent(() => current, 1);
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
