import { ServerMessageKey, SmsCodeType } from "@platform/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  aMinuteLater,
  eachDatabase,
  failure,
  fiveWrongCodes,
  freshPhone,
  freshSmsCode,
  lastSmsCode,
  registerPhone,
  rowsOf,
  startPlatform,
} from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { checkCode } from "./sms";

/**
 * Sessions that end (Step 18, decision 0026): a credential change ends the identity card and the
 * other sessions; sign-out ends the session on the server; strangers' wrong codes and passwords slow
 * them, not the owner.
 */
/** Sign-out on the server as the app sends it (auth.tokenRevoke): whether it was answered. */
function revoke(api: ReturnType<TestPlatform["client"]>, refreshToken: string | null): Promise<boolean> {
  return api.auth.tokenRevoke({ refresh_token: refreshToken ?? "" }).then(
    () => true,
    () => false,
  );
}

eachDatabase("sessions that end", (target) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startPlatform(target);
  });
  afterAll(() => platform.close());

  /** A registered person signed in on a device, with the QR of their identity card as read now. */
  async function personWithCard(password = "secret123") {
    const { phone } = await registerPhone(platform, password);
    const api = platform.client();
    await api.loginWithPassword({ phone, password });
    const card = await api.user.identityCard({});
    await expect(platform.client().loginWithIdentityCard(card.qrContent)).resolves.toBeTruthy();
    return { api, phone, password, card };
  }

  /** The card's QR signs in no more; the owner's card page has a new card that does. */
  async function cardEnded(
    api: ReturnType<TestPlatform["client"]>,
    card: { cardId: string; qrContent: string },
  ): Promise<void> {
    expect((await failure(platform.client().loginWithIdentityCard(card.qrContent))).msgKey).toBe(
      ServerMessageKey.cardInvalid,
    );
    const renewed = await api.user.identityCard({});
    expect(renewed.cardId).not.toBe(card.cardId);
    await expect(platform.client().loginWithIdentityCard(renewed.qrContent)).resolves.toBeTruthy();
  }

  it("a password change ends the identity card and the other devices; this device stays", async () => {
    const { api, phone, password, card } = await personWithCard();
    const other = platform.client();
    await other.loginWithPassword({ phone, password });
    await api.changePassword({ oldPassword: password, password: "brandnew99" });
    expect((await failure(other.user.queryInfo())).kind).toBe("sessionExpired");
    await expect(api.user.queryInfo()).resolves.toMatchObject({ mobile: phone });
    await cardEnded(api, card);
  });

  it("a password reset ends the identity card and every session", async () => {
    const { api, phone, card } = await personWithCard();
    const stranger = platform.client();
    await aMinuteLater(platform, phone);
    await stranger.sendSmsCode(phone, SmsCodeType.RESET);
    await stranger.resetPassword({ phone, code: await lastSmsCode(platform, phone), password: "brandnew99" });
    expect((await failure(api.user.queryInfo())).kind).toBe("sessionExpired");
    expect((await failure(platform.client().loginWithIdentityCard(card.qrContent))).code).toBe(400);
    const again = platform.client();
    await again.loginWithPassword({ phone, password: "brandnew99" });
    await cardEnded(again, card);
  });

  it("a phone change ends the identity card", async () => {
    const { api, phone, card } = await personWithCard();
    const { ticket } = await api.user.verifyPhone({
      code: await freshSmsCode(platform, api, phone, SmsCodeType.PHONE_OLD),
    });
    const next = freshPhone();
    const code = await freshSmsCode(platform, api, next, SmsCodeType.PHONE_NEW);
    await api.user.changePhone({ ticket, mobile: next, code });
    await cardEnded(api, card);
  });

  it("'sign out of all other devices' ends them and the card, not this device", async () => {
    const { api, phone, password, card } = await personWithCard();
    const other = platform.client();
    await other.loginWithPassword({ phone, password });
    const otherRefresh = other.client.storage.get("refreshToken");
    await api.user.signOutOthers();
    expect((await failure(other.user.queryInfo())).kind).toBe("sessionExpired");
    expect(await revoke(other, otherRefresh)).toBe(true);
    await expect(api.user.queryInfo()).resolves.toMatchObject({ mobile: phone });
    await cardEnded(api, card);
  });

  it("sign-out ends the session on the server: its access and refresh tokens are refused", async () => {
    const { phone, password } = await registerPhone(platform);
    const api = platform.client();
    await api.loginWithPassword({ phone, password });
    // A refresh first: the family has an ended pair and the current one.
    expect(await api.client.refreshTokens()).toBe(true);
    const access = api.client.accessToken ?? "";
    const refresh = api.client.storage.get("refreshToken") ?? "";
    expect(await revoke(api, refresh)).toBe(true);
    const call = await fetch(`${platform.server.origin}/api/user/app/user/information/unreadTotal`, {
      method: "POST",
      headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(call.status).toBe(401);
    // The stolen copy of the refresh token: refused, again and again (it never rotates).
    for (let i = 0; i < 2; i++) expect(await revoke(platform.client(), refresh)).toBe(true);
    const thief = platform.client();
    thief.client.storage.set("refreshToken", refresh);
    expect(await thief.client.refreshTokens()).toBe(false);
    const [open] = await rowsOf<{ n: number }>(
      platform,
      `select count(*)::int as n from sessions s join users u on u.id = s.user_id
        where u.mobile = '${phone}' and s.revoked_at is null`,
    );
    expect(open?.n).toBe(0);
    // An unknown token is answered the same (nothing to learn from it).
    expect(await revoke(platform.client(), "made-up-token")).toBe(true);
  });

  it("'remove' in switch account: the remembered account's tokens stop working", async () => {
    const { phone, password } = await registerPhone(platform);
    const device = platform.client();
    await device.loginWithPassword({ phone, password });
    const remembered = device.client.storage.get("refreshToken") ?? "";
    // Another account signs in on the device; then the first is removed from the list.
    const second = await registerPhone(platform);
    const now = platform.client();
    await now.loginWithPassword({ phone: second.phone, password: second.password });
    expect(await revoke(now, remembered)).toBe(true);
    expect((await failure(device.user.queryInfo())).kind).toBe("sessionExpired");
    await expect(now.user.queryInfo()).resolves.toMatchObject({ mobile: second.phone });
  });

  it("a stranger's 10 wrong LOGIN codes do not stop the owner's withdrawal, card and password codes", async () => {
    const { phone, password } = await registerPhone(platform);
    const owner = platform.client();
    await owner.loginWithPassword({ phone, password });
    const stranger = platform.client();
    for (let round = 0; round < 2; round++) await fiveWrongCodes(platform, stranger, phone);
    // LOGIN is spent for today: even its right code is not looked at…
    await aMinuteLater(platform, phone);
    await stranger.sendSmsCode(phone);
    const locked = await failure(stranger.loginWithSms({ phone, code: await lastSmsCode(platform, phone) }));
    expect(locked.code).toBe(429);
    expect(locked.msgKey).toBe(ServerMessageKey.smsWrongDailyLimit);
    expect(locked.msgValues).toEqual({ hours: expect.any(Number) as unknown });
    // …but the signed-in owner's codes are other purposes, counted apart.
    const { ctx } = platform.server;
    const [user] = await rowsOf<{ id: number }>(platform, `select id from users where mobile = '${phone}'`);
    const owned = { owner: user?.id ?? 0 };
    for (const purpose of [SmsCodeType.WITHDRAW, SmsCodeType.PAYEE] as const) {
      const code = await freshSmsCode(platform, owner, phone, purpose);
      await expect(checkCode(ctx, phone, purpose, code, owned)).resolves.toBeGreaterThan(0);
    }
    const code = await freshSmsCode(platform, owner, phone, SmsCodeType.PASSWORD);
    await owner.changePassword({ code, password: "brandnew99" });
    await expect(
      platform.client().loginWithPassword({ phone, password: "brandnew99" }),
    ).resolves.toBeTruthy();
  });

  it("a newer code voids the older one of its purpose, used or not", async () => {
    const { phone } = await registerPhone(platform);
    const api = platform.client();
    await aMinuteLater(platform, phone);
    await api.sendSmsCode(phone);
    const older = await lastSmsCode(platform, phone);
    await aMinuteLater(platform, phone);
    await api.sendSmsCode(phone);
    const newer = await lastSmsCode(platform, phone);
    if (older === newer) return; // one chance in 10 000: nothing to tell apart
    await platform.client().loginWithSms({ phone, code: newer });
    expect((await failure(platform.client().loginWithSms({ phone, code: older }))).code).toBe(400);
    // And a newer code of another purpose leaves this purpose's newest one good.
    await aMinuteLater(platform, phone);
    await api.sendSmsCode(phone);
    const login = await lastSmsCode(platform, phone);
    await aMinuteLater(platform, phone);
    await api.sendSmsCode(phone, SmsCodeType.RESET);
    await expect(platform.client().loginWithSms({ phone, code: login })).resolves.toBeTruthy();
  });
});

eachDatabase("strangers behind one address", (target) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    // This suite's own budgets are the defaults (the harness raises them for the others).
    platform = await startPlatform(target, { SMS_WRONG_CODES_PER_ADDRESS_PER_HOUR: "20" });
  });
  afterAll(() => platform.close());

  it("30 wrong passwords from one address: attacked accounts wait, an untouched account's right password works", async () => {
    const attacked = await Promise.all(Array.from({ length: 8 }, () => registerPhone(platform)));
    const untouched = await registerPhone(platform);
    const api = platform.client();
    // 8 accounts × 4 wrong passwords (under each account's own 5): 32 from this address.
    for (const { phone } of attacked) {
      for (let i = 0; i < 4; i++) await failure(api.loginWithPassword({ phone, password: "wrong-pass" }));
    }
    const [first] = attacked;
    if (!first) throw new Error("no account");
    const refused = await failure(api.loginWithPassword(first));
    expect(refused.code).toBe(429);
    expect(refused.msgKey).toBe(ServerMessageKey.passwordAddressLocked);
    expect(refused.msgValues).toEqual({ minutes: expect.any(Number) as unknown });
    await expect(platform.client().loginWithPassword(untouched)).resolves.toMatchObject({
      user_info: { mobile: untouched.phone },
    });
  }, 180_000);

  it("20 wrong codes an hour from one address, then that address waits; the owner's codes do not", async () => {
    // Registered first: a registration's code is a stranger's too, and would be slowed.
    const people = await Promise.all(Array.from({ length: 4 }, () => registerPhone(platform)));
    const next = await registerPhone(platform);
    const stranger = platform.client();
    for (const { phone } of people) await fiveWrongCodes(platform, stranger, phone);
    const [owner] = people;
    if (!owner) throw new Error("no person");
    await aMinuteLater(platform, next.phone);
    await stranger.sendSmsCode(next.phone);
    const slowed = await failure(
      stranger.loginWithSms({ phone: next.phone, code: await lastSmsCode(platform, next.phone) }),
    );
    expect(slowed.code).toBe(429);
    expect(slowed.msgKey).toBe(ServerMessageKey.smsWrongFromAddress);
    expect(slowed.msgValues).toEqual({ minutes: expect.any(Number) as unknown });
    // The owner, signed in (by password) behind the same address, still uses their code.
    const signedIn = platform.client();
    await signedIn.loginWithPassword(owner);
    const code = await freshSmsCode(platform, signedIn, owner.phone, SmsCodeType.PASSWORD);
    await signedIn.changePassword({ code, password: "brandnew99" });
  }, 120_000);
});
