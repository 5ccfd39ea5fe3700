import { basicAuthorization, encryptReq } from "@platform/api-client";
import { ServerMessageKey } from "@platform/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aMinuteLater,
  eachDatabase,
  embedded,
  failure,
  fiveWrongCodes,
  freshPhone,
  lastSmsCode,
  minuteClock,
  rawPost,
  registerPhone,
  rowsOf,
  startPlatform,
} from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";

/**
 * The sign-in doors as an attacker tries them (Step 8): the SMS sandbox's read-back, racing
 * password guesses, a forged client address, SMS pumping and code guessing.
 */

/**
 * Wait, if need be, until early in a minute: per-minute limits count in windows of the clock's
 * minutes, and a test that crossed into the next minute would see a fresh window.
 */
async function readBack(platform: TestPlatform, mobile: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${platform.server.origin}/api/sandbox/sms/last?mobile=${mobile}`, {
    headers,
  });
  return { status: response.status, body: (await response.json()) as { code: number; data: unknown } };
}

describe("the SMS sandbox's read-back is no door", () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startPlatform(embedded);
  });
  afterAll(() => platform.close());

  it("answers the machine itself", async () => {
    const phone = freshPhone();
    await platform.client().sendSmsCode(phone);
    const { status, body } = await readBack(platform, phone);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ code: expect.stringMatching(/^\d{4}$/) as unknown });
  });

  it("refuses a request that came through a proxy, even one nobody declared", async () => {
    const phone = freshPhone();
    await platform.client().sendSmsCode(phone);
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      const { status, body } = await readBack(platform, phone, {
        [header]: header === "forwarded" ? "for=127.0.0.1" : "127.0.0.1",
      });
      expect(status, header).toBe(403);
      expect(body.data).toBeNull();
    }
  });

  it("refuses a caller from another address (the connection's own, not a header)", async () => {
    const phone = freshPhone();
    await platform.client().sendSmsCode(phone);
    const response = await platform.server.app.inject({
      method: "GET",
      url: `/api/sandbox/sms/last?mobile=${phone}`,
      remoteAddress: "203.0.113.7",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, data: null });
  });

  it("does not exist on a server that listens beyond loopback", async () => {
    const open = await startPlatform(embedded, { HOST: "0.0.0.0" });
    try {
      const phone = freshPhone();
      await open.client().sendSmsCode(phone);
      const response = await fetch(
        `http://127.0.0.1:${new URL(open.server.origin).port}/api/sandbox/sms/last?mobile=${phone}`,
      );
      expect(response.status).toBe(404);
    } finally {
      await open.close();
    }
  });

  it("behind a trusted proxy: only a loopback client with the operator's secret", async () => {
    const proxied = await startPlatform(embedded, {
      TRUST_PROXY: "127.0.0.1",
      SANDBOX_READBACK_SECRET: "operator-secret-123",
    });
    try {
      const phone = freshPhone();
      await proxied.client().sendSmsCode(phone);
      const visitor = { "x-forwarded-for": "198.51.100.20" };
      expect((await readBack(proxied, phone, visitor)).status).toBe(403);
      expect(
        (await readBack(proxied, phone, { ...visitor, "x-sandbox-secret": "operator-secret-123" })).status,
      ).toBe(403);
      expect((await readBack(proxied, phone)).status).toBe(403);
      expect((await readBack(proxied, phone, { "x-sandbox-secret": "wrong" })).status).toBe(403);
      expect((await readBack(proxied, phone, { "x-sandbox-secret": "operator-secret-123" })).status).toBe(
        200,
      );
    } finally {
      await proxied.close();
    }
  });
});

eachDatabase("password lockout under a race", (target) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startPlatform(target);
  });
  afterAll(() => platform.close());

  it("40 parallel guesses for one phone: exactly 5 are evaluated, the rest are locked out", async () => {
    const { phone, password } = await registerPhone(platform);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        failure(platform.client().loginWithPassword({ phone, password: "wrong-pass" })),
      ),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    // And the right password is locked out too, for the rest of the window.
    expect((await failure(platform.client().loginWithPassword({ phone, password }))).code).toBe(429);
    const [row] = await rowsOf<{ n: number }>(
      platform,
      `select count(*)::int as n from auth_failures where key = 'phone:${phone}'`,
    );
    expect(row?.n).toBe(5);
  });

  it("an attempt that tried no password (a made-up sign) does not count as a failure", async () => {
    const { phone, password } = await registerPhone(platform);
    const { reqKey, clientSecret } = platform.server.ctx.secrets;
    for (let i = 0; i < 6; i++) {
      const params = { sign: `made-up-sign-${String(i)}`, username: phone, password: "QUJD".repeat(8) };
      const response = await rawPost(
        platform,
        "/auth/h5/token/new/userPwd",
        JSON.stringify({ req: await encryptReq(params, reqKey) }),
        { authorization: basicAuthorization(platform.config.clientId, clientSecret) },
      );
      expect(response.json.code).toBe(400);
    }
    await expect(platform.client().loginWithPassword({ phone, password })).resolves.toBeTruthy();
    const [row] = await rowsOf<{ n: number }>(
      platform,
      `select count(*)::int as n from auth_failures where key = 'phone:${phone}'`,
    );
    expect(row?.n).toBe(0);
  });
});

describe("the client's address is the connection's, unless the operator names a proxy", () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startPlatform(embedded);
  });
  afterAll(() => platform.close());

  it("a rotated X-Forwarded-For neither escapes the per-address lockout nor forges the login log", async () => {
    // 30 wrong passwords from one address hold that address, whatever each request claims: an
    // account already tried from there waits (an untouched one may still try: sessions.test.ts).
    // Unregistered phones: a wrong password for an unknown phone is a failure like any other.
    const phones = Array.from({ length: 30 }, () => ({ phone: freshPhone(), password: "any-password" }));
    for (const [i, { phone }] of phones.entries()) {
      const api = platform.client({ "x-forwarded-for": `198.51.100.${String(i + 1)}` });
      expect((await failure(api.loginWithPassword({ phone, password: "wrong-pass" }))).code).toBe(400);
    }
    const [tried] = phones;
    if (!tried) throw new Error("no phone");
    const liar = platform.client({ "x-forwarded-for": "198.51.100.99" });
    const refused = await failure(liar.loginWithPassword(tried));
    expect(refused.code).toBe(429);
    expect(refused.msgKey).toBe(ServerMessageKey.passwordAddressLocked);
    expect(refused.msgValues).toEqual({ minutes: expect.any(Number) as unknown });
  });

  it("the login log records the connection's address, not a forged one", async () => {
    const { phone, password } = await registerPhone(platform);
    const api = platform.client({ "x-forwarded-for": "203.0.113.66" });
    await platform.server.database.db.execute(`delete from auth_failures`);
    const credentials = await api.loginWithPassword({ phone, password });
    await api.user.loginInfoLog({ platform: "H5" });
    const [row] = await rowsOf<{ address: string }>(
      platform,
      `select address from login_logs where user_id = ${credentials.user_info?.id ?? "0"}`,
    );
    expect(row?.address).toMatch(/127\.0\.0\.1/);
  });

  it("behind a named proxy, its X-Forwarded-For is the client's address", async () => {
    const proxied = await startPlatform(embedded, {
      TRUST_PROXY: "127.0.0.1",
      SANDBOX_READBACK_SECRET: "operator-secret-123",
    });
    try {
      const { phone, password } = await registerPhone(proxied);
      const api = proxied.client({ "x-forwarded-for": "203.0.113.66" });
      const credentials = await api.loginWithPassword({ phone, password });
      await api.user.loginInfoLog({ platform: "H5" });
      const [row] = await rowsOf<{ address: string }>(
        proxied,
        `select address from login_logs where user_id = ${credentials.user_info?.id ?? "0"}`,
      );
      expect(row?.address).toBe("203.0.113.66");
    } finally {
      await proxied.close();
    }
  });

  it("a TRUST_PROXY that is not an address, a CIDR or a keyword stops the start", async () => {
    await expect(startPlatform(embedded, { TRUST_PROXY: "everyone" })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe("SMS budgets: no pumping, no walking through the codes", () => {
  it("one address sends at most 5 codes a minute (the default), then is told when to retry", async () => {
    // The server's clock starts at the top of a minute: the whole window is there without waiting.
    const platform = await startPlatform(
      embedded,
      { SMS_SEND_PER_ADDRESS: "", SMS_SEND_GLOBAL: "" },
      { now: minuteClock() },
    );
    try {
      const api = platform.client();
      for (let i = 0; i < 5; i++) await api.sendSmsCode(freshPhone());
      const refused = await failure(api.sendSmsCode(freshPhone()));
      expect(refused.code).toBe(429);
      expect(refused.msgKey).toBe(ServerMessageKey.smsBudgetMinutes);
      expect(refused.msgValues).toEqual({ minutes: 1 });
      // The refused send left nothing behind: no code, no outbox message.
      const [row] = await rowsOf<{ n: number }>(platform, `select count(*)::int as n from sms_codes`);
      expect(row?.n).toBe(5);
    } finally {
      await platform.close();
    }
  });

  it("everyone together has a budget too, whatever addresses they come from", async () => {
    const platform = await startPlatform(
      embedded,
      { TRUST_PROXY: "127.0.0.1", SMS_SEND_GLOBAL: "3,100,1000" },
      { now: minuteClock() },
    );
    try {
      for (let i = 0; i < 3; i++) {
        await platform.client({ "x-forwarded-for": `198.51.100.${String(i + 1)}` }).sendSmsCode(freshPhone());
      }
      const refused = await failure(
        platform.client({ "x-forwarded-for": "198.51.100.50" }).sendSmsCode(freshPhone(), "LOGIN"),
      );
      expect(refused.code).toBe(429);
      const english = platform.client({ "x-forwarded-for": "198.51.100.51", language: "en_US" });
      expect((await failure(english.sendSmsCode(freshPhone()))).msg).toBe(
        "Too many codes have been sent: try again in 1 min",
      );
    } finally {
      await platform.close();
    }
  });

  it("one phone gets at most 10 codes a day", async () => {
    const platform = await startPlatform(embedded);
    try {
      const phone = freshPhone();
      const api = platform.client();
      for (let i = 0; i < 10; i++) {
        await api.sendSmsCode(phone);
        await aMinuteLater(platform, phone);
      }
      const refused = await failure(api.sendSmsCode(phone));
      expect(refused.code).toBe(429);
      expect(refused.msgKey).toBe(ServerMessageKey.smsPhoneDailyLimit);
      expect(refused.msgValues).toEqual({ hours: expect.any(Number) as unknown });
    } finally {
      await platform.close();
    }
  });

  it("10 wrong codes a day for one phone, then not even the right code is looked at", async () => {
    const platform = await startPlatform(embedded);
    try {
      const phone = freshPhone();
      const api = platform.client();
      for (let round = 0; round < 2; round++) await fiveWrongCodes(platform, api, phone);
      await aMinuteLater(platform, phone);
      await api.sendSmsCode(phone);
      const refused = await failure(api.loginWithSms({ phone, code: await lastSmsCode(platform, phone) }));
      expect(refused.code).toBe(429);
      expect(refused.msgKey).toBe(ServerMessageKey.smsWrongDailyLimit);
      expect(refused.msgValues).toEqual({ hours: expect.any(Number) as unknown });
    } finally {
      await platform.close();
    }
  });

  it("budgets that are not three whole numbers stop the start", async () => {
    await expect(startPlatform(embedded, { SMS_SEND_PER_ADDRESS: "5,20" })).rejects.toThrow(
      /SMS_SEND_PER_ADDRESS/,
    );
  });
});

describe("calls anyone may make that write rows are rate-limited per caller", () => {
  it("60 password-key signs and 60 guest sessions a minute per address, 300 events per caller", async () => {
    const platform = await startPlatform(
      embedded,
      { ANONYMOUS_WRITES_PER_MINUTE: "", TRACKING_EVENTS_PER_MINUTE: "" },
      { now: minuteClock() },
    );
    try {
      const api = platform.client();
      const keys = await Promise.allSettled(Array.from({ length: 70 }, () => api.auth.getKey()));
      expect(keys.filter((r) => r.status === "fulfilled")).toHaveLength(60);
      const refused = await failure(api.auth.getKey());
      expect(refused).toMatchObject({ code: 429, msgKey: ServerMessageKey.tooManyFromAddress });
      const guests = await Promise.allSettled(
        Array.from({ length: 65 }, () => platform.client().loginAsGuest()),
      );
      expect(guests.filter((r) => r.status === "fulfilled")).toHaveLength(60);
      const [signs] = await rowsOf<{ n: number }>(platform, "select count(*)::int as n from key_signs");
      expect(signs?.n).toBe(60);
      const events = await Promise.allSettled(
        Array.from({ length: 310 }, (_, i) => api.track({ event: "tap", page: "/home", data: { i } })),
      );
      expect(events.filter((r) => r.status === "fulfilled")).toHaveLength(300);
    } finally {
      await platform.close();
    }
  });
});
