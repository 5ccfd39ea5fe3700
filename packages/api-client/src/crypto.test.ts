import { createCipheriv, randomBytes } from "node:crypto";
import { StorageKey } from "@platform/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REQ_KEY,
  clientOptions,
  decryptPassword,
  ok,
  openReq,
  rsa,
  startServer,
} from "../test/platform-server";
import type { TestServer } from "../test/platform-server";
import {
  basicAuthorization,
  decryptReq,
  encryptPassword,
  encryptPasswordWithWebCrypto,
  encryptReq,
  MAX_PASSWORD_BYTES,
} from "./crypto";
import { createApiClient, memoryStorage } from "./index";

describe("the req field: AES-256-GCM, opened by node:crypto as the server does", () => {
  it("carries the params and curtime", async () => {
    const sealed = await encryptReq({ mobile: "13800000000", code: "1234" }, REQ_KEY, 1_700_000_000_000);
    expect(openReq(sealed)).toEqual({ mobile: "13800000000", code: "1234", curtime: 1_700_000_000_000 });
    await expect(decryptReq(sealed, REQ_KEY)).resolves.toEqual(openReq(sealed));
  });

  it("uses a fresh iv each time, so equal params never look equal", async () => {
    const a = await encryptReq({ x: 1 }, REQ_KEY, 1);
    const b = await encryptReq({ x: 1 }, REQ_KEY, 1);
    expect(a).not.toBe(b);
  });

  it("refuses a changed byte, another key, a short text and a non-object", async () => {
    const sealed = Buffer.from(await encryptReq({ x: 1 }, REQ_KEY), "base64");
    sealed[20] = (sealed[20] ?? 0) ^ 1;
    await expect(decryptReq(sealed.toString("base64"), REQ_KEY)).rejects.toThrow();
    const other = randomBytes(32).toString("base64");
    await expect(decryptReq(await encryptReq({ x: 1 }, REQ_KEY), other)).rejects.toThrow();
    await expect(decryptReq("AAAA", REQ_KEY)).rejects.toThrow("too short");
    await expect(encryptReq({}, randomBytes(16).toString("base64"))).rejects.toThrow("32 bytes");
    // Sealed correctly but not an object of params.
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", Buffer.from(REQ_KEY, "base64"), iv);
    const body = Buffer.concat([cipher.update("[1,2]"), cipher.final(), cipher.getAuthTag()]);
    await expect(decryptReq(Buffer.concat([iv, body]).toString("base64"), REQ_KEY)).rejects.toThrow(
      "not an object",
    );
  });

  it("Basic header is base64 of id:secret, UTF-8", () => {
    expect(basicAuthorization("h5", "sécret")).toBe(
      `Basic ${Buffer.from("h5:sécret", "utf8").toString("base64")}`,
    );
  });
});

describe("passwords: RSA-OAEP SHA-256 after UTF-8 (docs/architecture.md)", () => {
  it.each([
    ["ASCII", "secret12"],
    ["Chinese", "密码是中文的123"],
    ["emoji and accents", "pässwörd🙂"],
  ])("%s passwords decrypt with privateDecrypt to the same text", async (_, password) => {
    const sealed = await encryptPassword(password, rsa.publicKey);
    expect(decryptPassword(sealed)).toBe(password);
  });

  it.each(["secret12", "密码是中文的123"])(
    "the Web Crypto path (plain Node) gives the same result: %s",
    async (password) => {
      const sealed = await encryptPasswordWithWebCrypto(new TextEncoder().encode(password), rsa.publicKey);
      expect(decryptPassword(sealed)).toBe(password);
    },
  );

  it("accepts a bare base64 key as getKey may send it", async () => {
    const bare = rsa.publicKey.replace(/-----[^-]+-----|\s/g, "");
    expect(decryptPassword(await encryptPassword("abc123", bare))).toBe("abc123");
  });

  it("refuses what one RSA block cannot carry, counted in UTF-8 bytes", async () => {
    await expect(encryptPassword("密".repeat(64), rsa.publicKey)).rejects.toThrow(RangeError);
    expect(MAX_PASSWORD_BYTES).toBe(190);
    await expect(encryptPassword("x", "not a key")).rejects.toThrow();
  });
});

describe("login flows against a real server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each([
    ["ASCII", "abc123"],
    ["Chinese", "中文密码abc"],
  ])("password login (%s): getKey → encrypted password + sign → tokens saved", async (_, password) => {
    server.requests.length = 0;
    const signs = new Set<string>();
    server.on("/auth/app/getKey", (_req, res) => {
      const sign = randomBytes(8).toString("hex");
      signs.add(sign);
      ok(res, { key: rsa.publicKey, sign });
    });
    let seen: Record<string, unknown> = {};
    server.on("/auth/h5/token/new/userPwd", (req, res) => {
      seen = openReq((req.body as { req: string }).req);
      ok(res, {
        access_token: "pa",
        refresh_token: "pr",
        token_type: "bearer",
        expires_in: 60,
        scope: "server",
        user_info: {
          id: "1",
          mobile: "13800000000",
          nickName: "x",
          avatarFileUrl: null,
          channelTagId: "0",
          memberId: "1",
          isVip: false,
        },
      });
    });
    const storage = memoryStorage();
    const api = createApiClient({ ...clientOptions(server), storage });
    await api.loginWithPassword({ phone: "13800000000", password });
    expect(signs.has(seen.sign as string)).toBe(true);
    expect(seen).toMatchObject({ username: "13800000000", mobileCountryCode: "+86", countryCode: "CN" });
    expect(decryptPassword(seen.password as string)).toBe(password);
    expect(storage.get(StorageKey.accessToken)).toBe("pa");
  });

  it("reset password sends the encrypted password with its sign", async () => {
    server.on("/auth/app/getKey", (_req, res) => {
      ok(res, { key: rsa.publicKey, sign: "reset-sign" });
    });
    let body: Record<string, unknown> = {};
    server.on("/user/app/reset/password", (req, res) => {
      body = req.body as Record<string, unknown>;
      ok(res);
    });
    const api = createApiClient({ ...clientOptions(server), storage: memoryStorage() });
    await api.resetPassword({ phone: "13800000000", code: "4321", password: "新密码123456" });
    expect(body).toMatchObject({ mobile: "13800000000", code: "4321", sign: "reset-sign" });
    expect(decryptPassword(body.password as string)).toBe("新密码123456");
  });
});
