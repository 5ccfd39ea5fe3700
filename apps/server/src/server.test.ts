import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { brotliCompressSync } from "node:zlib";
import { ServerMessageKey } from "@platform/domain";
import { afterAll, describe, expect, inject, it } from "vitest";
import { copyEmptyDatabase } from "../test/template";
import { embedded, failure, freshPhone, lastSmsCode, startPlatform } from "../test/harness";
import { loadConfig } from "./env";
import { startServer } from "./server";

/** Real payment providers' settings (needed when the sandbox is off; nothing here calls them). */
const realPayments = {
  PAY_BANK_URL: "https://bank.example.com/api",
  PAY_BANK_SECRET: "b",
  PAY_EEPAY_URL: "https://eepay.example.com/api",
  PAY_EEPAY_SECRET: "e",
  PAY_MERCHANT_URL: "https://merchant.example.com/api",
  PAY_MERCHANT_SECRET: "m",
};

describe("the embedded database keeps everything across a restart", () => {
  it("accounts, sessions and the password key pair survive", async () => {
    const platform = await startPlatform(embedded);
    try {
      const phone = freshPhone();
      const api = platform.client();
      await api.sendSmsCode(phone, "REGISTER");
      await api.register({ phone, code: await lastSmsCode(platform, phone), password: "keepme123" });
      await api.loginWithPassword({ phone, password: "keepme123" });
      const keyBefore = (await api.auth.getKey()).key;
      await platform.restart();
      // The same device, still signed in with the token it had before the restart.
      const again = platform.client();
      again.client.saveCredentials({
        access_token: api.client.accessToken!,
        refresh_token: api.client.storage.get("refreshToken")!,
        token_type: "bearer",
        expires_in: 60,
        scope: "server",
        user_info: null,
      });
      expect(await again.user.queryInfo()).toMatchObject({ mobile: phone });
      expect((await again.auth.getKey()).key).toBe(keyBefore);
      await expect(
        platform.client().loginWithPassword({ phone, password: "keepme123" }),
      ).resolves.toBeTruthy();
    } finally {
      await platform.close();
    }
  });
});

describe("the H5 app's configuration script", () => {
  it("hands the browser the public client and the req key the server checks, never cached", async () => {
    const platform = await startPlatform(embedded);
    try {
      const response = await fetch(`${platform.server.origin}/api/h5/config.js`);
      expect(response.headers.get("content-type")).toContain("text/javascript");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      const config = JSON.parse(
        text.replace(/^window\.__PLATFORM_CONFIG__=/, "").replace(/;$/, ""),
      ) as Record<string, unknown>;
      expect(config).toEqual({
        clientId: platform.server.ctx.config.clientId,
        clientSecret: platform.server.ctx.secrets.clientSecret,
        reqKey: platform.server.ctx.secrets.reqKey,
        sandbox: true,
      });
      // What it hands out signs in: the token endpoint takes that client and key.
      const phone = freshPhone();
      const api = platform.client();
      await api.sendSmsCode(phone, "REGISTER");
      await api.register({ phone, code: await lastSmsCode(platform, phone), password: "config123" });
      await expect(api.loginWithPassword({ phone, password: "config123" })).resolves.toBeTruthy();
    } finally {
      await platform.close();
    }
  });
});

describe("serving the built app", () => {
  it("compresses scripts, keeps hashed assets forever and index.html never, and routes to index.html", async () => {
    const dist = mkdtempSync(join(tmpdir(), "h5-dist-"));
    mkdirSync(join(dist, "assets"));
    // A page of 20 KB, as the built one is (its boot script, styles and skeletons).
    writeFileSync(join(dist, "index.html"), `<!doctype html><title>app</title>${"<i></i>".repeat(3000)}`);
    const words = `export const words = "${"platform ".repeat(2000)}";`;
    writeFileSync(join(dist, "assets/app-1a2b3c.js"), words);
    // The build's copies (decision 0039): sent as they are to a browser that takes them.
    writeFileSync(join(dist, "assets/lib-4d5e6f.js"), words);
    writeFileSync(join(dist, "assets/lib-4d5e6f.js.br"), brotliCompressSync(words));
    const platform = await startPlatform(embedded, { H5_DIST: dist });
    try {
      const script = await fetch(`${platform.server.origin}/assets/app-1a2b3c.js`, {
        headers: { "accept-encoding": "gzip" },
      });
      expect(script.headers.get("content-encoding")).toBe("gzip");
      expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await script.text()).length).toBeGreaterThan(18_000);
      const copy = await fetch(`${platform.server.origin}/assets/lib-4d5e6f.js`, {
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      expect(copy.headers.get("content-encoding")).toBe("br");
      expect(copy.headers.get("content-type")).toMatch(/javascript/);
      expect(copy.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(await copy.text()).toBe(words);
      // Without a copy for what the browser takes, the file itself, compressed as it goes.
      const gzipped = await fetch(`${platform.server.origin}/assets/lib-4d5e6f.js`, {
        headers: { "accept-encoding": "gzip" },
      });
      expect(gzipped.headers.get("content-encoding")).toBe("gzip");
      expect(await gzipped.text()).toBe(words);
      for (const path of ["/mycollection?active=ALL", "/home", "/"]) {
        const deep = await fetch(`${platform.server.origin}${path}`, {
          headers: { "accept-encoding": "gzip, br" },
        });
        expect(deep.headers.get("cache-control"), path).toMatch(/no-cache/);
        expect(deep.headers.get("content-encoding"), path).toBe("br");
        expect(deep.headers.get("vary"), path).toMatch(/cookie/i);
        expect(await deep.text(), path).toContain("<title>app</title>");
      }
    } finally {
      await platform.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe("a real SMS gateway behind the adapter (sandbox off)", () => {
  const received: unknown[] = [];
  let status = 200;
  const gateway = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(body) as unknown });
      res.statusCode = status;
      res.end("{}");
    });
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        gateway.close(() => {
          resolve();
        });
      }),
  );

  it("sends the code to the gateway; a failing gateway leaves no code behind", async () => {
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${String((gateway.address() as AddressInfo).port)}/send`;
    const platform = await startPlatform(embedded, {
      SANDBOX: "false",
      SMS_GATEWAY_URL: url,
      SMS_GATEWAY_KEY: "k1",
      ...realPayments,
    });
    try {
      const phone = freshPhone();
      await platform.client().sendSmsCode(phone);
      expect(received).toEqual([
        {
          auth: "Bearer k1",
          body: {
            to: `+86${phone}`,
            template: "verify_login",
            params: { code: expect.stringMatching(/^\d{4}$/) as unknown },
          },
        },
      ]);
      // No sandbox route when the sandbox is off.
      expect((await fetch(`${platform.server.origin}/api/sandbox/sms/last?mobile=${phone}`)).status).toBe(
        404,
      );
      status = 500;
      const other = freshPhone();
      expect((await failure(platform.client().sendSmsCode(other))).msgKey).toBe(
        ServerMessageKey.smsSendFailed,
      );
      status = 200;
      // The failed send did not count against the 60 s limit.
      await expect(platform.client().sendSmsCode(other)).resolves.toBeUndefined();
    } finally {
      await platform.close();
    }
  });
});

describe("configuration", () => {
  it("has safe defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 8080,
      sandbox: true,
      production: false,
      seed: true,
      databaseUrl: null,
    });
  });

  it("production refuses the sandbox unless told, and needs its secrets", () => {
    const secrets = { REQ_KEY: "k", CLIENT_SECRET: "c", SIGNING_KEY: "s", ...realPayments };
    expect(() => loadConfig({ NODE_ENV: "production", ...secrets, SANDBOX: "true" })).toThrow(
      /ALLOW_SANDBOX_IN_PRODUCTION/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: "production", SANDBOX: "false", SMS_GATEWAY_URL: "http://x" }),
    ).toThrow(/REQ_KEY/);
    expect(
      loadConfig({ NODE_ENV: "production", ...secrets, SANDBOX: "false", SMS_GATEWAY_URL: "http://x" })
        .sandbox,
    ).toBe(false);
    expect(() => loadConfig({ SANDBOX: "false" })).toThrow(/SMS_GATEWAY_URL/);
    // Without the sandbox, every payment provider must be named with its secret.
    expect(() => loadConfig({ SANDBOX: "false", SMS_GATEWAY_URL: "http://x" })).toThrow(/PAY_BANK_URL/);
    const { PAY_MERCHANT_SECRET: _left, ...missingOne } = realPayments;
    expect(() => loadConfig({ SANDBOX: "false", SMS_GATEWAY_URL: "http://x", ...missingOne })).toThrow(
      /PAY_MERCHANT_URL and PAY_MERCHANT_SECRET/,
    );
    expect(() => loadConfig({ PORT: "-1" })).toThrow(/PORT/);
  });

  it("bounds uploads by default, and never abandons an upload that can still be resumed", () => {
    expect(loadConfig({})).toMatchObject({
      uploadDiskBytes: 20 * 1024 ** 3,
      uploadPictureMaxSide: 2048,
      uploadAbandonMs: 24 * 3600_000,
    });
    expect(loadConfig({ UPLOAD_RESUME_HOURS: "48" }).uploadAbandonMs).toBe(48 * 3600_000);
    expect(() => loadConfig({ UPLOAD_RESUME_HOURS: "48", UPLOAD_ABANDON_HOURS: "24" })).toThrow(
      /UPLOAD_ABANDON_HOURS/,
    );
  });
});

describe("the access log", () => {
  it("writes one line per answered request, with the URL's token redacted and no header", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "platform-log-"));
    copyEmptyDatabase(inject("seedTemplate"), dataDir);
    const lines: Record<string, unknown>[] = [];
    const stream = {
      write: (line: string) => {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    };
    const config = loadConfig({ PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info", SEED_MEDIA: "quick" });
    const server = await startServer(config, { logStream: stream });
    try {
      lines.length = 0;
      await fetch(`${server.origin}/health`);
      await fetch(`${server.origin}/api/media/hls/1/480p.m3u8?token=secret-token-1&x=1`, {
        headers: { authorization: "Bearer secret-token-2" },
      });
      // The parser reads `%74oken` as `token`: so does the log.
      await fetch(`${server.origin}/api/media/hls/1/480p.m3u8?%74oken=secret-token-3&sig=secret-token-4`);
      const requests = lines.filter((line) => line.msg === "request");
      expect(requests.map((line) => [line.method, line.url, line.status])).toEqual([
        ["GET", "/health", 200],
        ["GET", "/api/media/hls/1/480p.m3u8?token=[redacted]&x=1", 401],
        ["GET", "/api/media/hls/1/480p.m3u8?%74oken=[redacted]&sig=[redacted]", 401],
      ]);
      expect(
        lines.filter((line) => line.msg === "incoming request" || line.msg === "request completed"),
      ).toEqual([]);
      expect(JSON.stringify(lines)).not.toMatch(/secret-token/);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
