import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiClient, memoryStorage } from "@platform/api-client";
import type { ApiError, PlatformApi } from "@platform/api-client";
import type { SmsCodeType } from "@platform/domain";
import { describe, inject, it } from "vitest";
import type { ServerConfig } from "../src/env";
import { describeReport, reconcile } from "../src/modules/trade/reconcile";
import { seed } from "../src/seed";
import { startServer } from "../src/server";
import type { RunningServer } from "../src/server";
import { targets } from "./databases";
import type { DatabaseTarget } from "./databases";
import { testConfig } from "./config";
import { copyDataDir, copyEmptyDatabase } from "./template";
import type { SeedTemplate } from "./template";

export { embedded, postgresTarget, targets } from "./databases";
export type { DatabaseTarget } from "./databases";

/** One suite per database; without a reachable PostgreSQL its suite is reported as skipped. */
export function eachDatabase(title: string, body: (target: DatabaseTarget) => void): void {
  describe.each(targets.map((t) => [t.name, t] as const))(`${title} on %s`, (_, target) => {
    if (!target.available) {
      it.skip("PostgreSQL is not reachable (TEST_DATABASE_URL unset): skipped", () => undefined);
      return;
    }
    body(target);
  });
}

export interface TestPlatform {
  readonly server: RunningServer;
  readonly config: ServerConfig;
  /**
   * A fresh client (its own storage: one person on one device); `headers` go on every request
   * (e.g. an `X-Forwarded-For`, as a proxy — or someone pretending to be one — would send).
   */
  client(headers?: Readonly<Record<string, string>>): PlatformApi & {
    readonly errors: ApiError[];
    readonly expired: string[];
  };
  /** Restart the server on the same data (same folder or database); `whileDown` runs in between. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface PlatformOptions {
  /** The server's clock (default: the real one); see {@link minuteClock}. */
  readonly now?: () => Date;
  /**
   * Start on a copy of the run's seeded demo data (the server project's global setup seeds it once)
   * instead of an empty database. Prefer {@link startSeeded}, which also hands the seed's clips to
   * the media library as a seed would.
   */
  readonly seeded?: boolean;
}

/**
 * A clock that runs at the real pace but starts at the beginning of a minute: a case that counts
 * per-minute budgets gets a whole window without waiting for the wall clock to turn one.
 */
export function minuteClock(): () => Date {
  const offset = Math.ceil(Date.now() / 60_000) * 60_000 - Date.now();
  return () => new Date(Date.now() + offset);
}

/** A server on a copy of the run's seeded demo data (see {@link PlatformOptions.seeded}). */
export function startSeeded(
  target: DatabaseTarget,
  env: Record<string, string> = {},
  options: PlatformOptions = {},
): Promise<TestPlatform> {
  return startPlatform(target, env, { ...options, seeded: true });
}

/** A clock at the real pace that a case can move forward (`advance`) instead of sleeping. */
export function steppingClock(): { readonly now: () => Date; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}

export async function startPlatform(
  target: DatabaseTarget,
  env: Record<string, string> = {},
  options: PlatformOptions = {},
): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), "platform-test-"));
  // Seeded: the run's template (test/template.ts) is copied instead of seeding again. Empty on
  // the embedded database: its empty, migrated database is copied instead of a new cluster's initdb.
  const templates = inject("seedTemplate") as SeedTemplate | undefined;
  const template = options.seeded === true ? (templates ?? null) : null;
  const fromDir =
    template === null ? null : target.name === "pglite" ? template.pgliteDir : template.postgresDir;
  if (fromDir !== null) copyDataDir(fromDir, dataDir);
  else if (target.name === "pglite" && templates !== undefined) copyEmptyDatabase(templates, dataDir);
  const created = await target.create(template === null ? null : template.postgresDatabase);
  const settled = testConfig(dataDir, created.databaseUrl, env);
  const serverOptions = { logger: false, ...(options.now ? { now: options.now } : {}) } as const;
  let server = await startServer(settled, serverOptions);
  if (template !== null) await seed(server.ctx); // only the clips: every table is already there
  const platform: TestPlatform = {
    get server() {
      return server;
    },
    config: settled,
    client(headers = {}) {
      return clientAt(server.origin, { clientId: settled.clientId, ...server.ctx.secrets }, headers);
    },
    async restart(whileDown) {
      await server.close();
      await whileDown?.();
      server = await startServer(settled, serverOptions);
    },
    async close() {
      // Every suite leaves the books exact (decision 0014): reconcile before the database goes.
      await server.ctx.jobs.stop();
      const report = await reconcile(server.database.db);
      await server.close();
      await created.drop();
      if (report.drift.length > 0) throw new Error(describeReport(report));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return platform;
}

/**
 * A fresh client of the server at `origin` (its own storage: one person on one device), with the
 * server's client id and secrets; `headers` go on every request. Errors and session ends it met
 * are kept for the case to read.
 */
export function clientAt(
  origin: string,
  keys: { readonly clientId: string; readonly clientSecret: string; readonly reqKey: string },
  headers: Readonly<Record<string, string>> = {},
): PlatformApi & { readonly errors: ApiError[]; readonly expired: string[] } {
  const errors: ApiError[] = [];
  const expired: string[] = [];
  const api = createApiClient({
    baseUrl: origin,
    clientId: keys.clientId,
    clientSecret: keys.clientSecret,
    reqKey: keys.reqKey,
    storage: memoryStorage(),
    minimumResponseMs: 0,
    refreshRetryDelayMs: 10,
    hooks: { onError: (e) => errors.push(e), onSessionExpired: (r) => expired.push(r) },
    fetch: (input, init) => {
      const request = new Request(input, init);
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      return fetch(request);
    },
  });
  return Object.assign(api, { errors, expired });
}

/** A client signed in with a password (the seeded demo accounts). */
export async function signIn(
  platform: TestPlatform,
  account: { readonly mobile: string; readonly password: string },
): Promise<{ api: ReturnType<TestPlatform["client"]>; userId: string }> {
  const api = platform.client();
  const credentials = await api.loginWithPassword({ phone: account.mobile, password: account.password });
  return { api, userId: credentials.user_info?.id ?? "" };
}

/** Someone who has just registered, signed in: a fresh account for a case that counts its own. */
export async function newcomer(platform: TestPlatform): Promise<ReturnType<TestPlatform["client"]>> {
  const { phone, password } = await registerPhone(platform);
  return (await signIn(platform, { mobile: phone, password })).api;
}

/** Rows of a query, for looking at what the server stored. */
export async function rowsOf<T>(platform: TestPlatform, query: string): Promise<T[]> {
  const result: unknown = await platform.server.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The code the SMS sandbox "sent" to a phone, read through the sandbox-only route. */
/**
 * Ask for a code of `type` to `mobile` (as the app's 'get code' does; the phone's last code moved a
 * minute back first, so the 60 s resend rule never holds a test up) and read it from the sandbox.
 */
export async function freshSmsCode(
  platform: TestPlatform,
  api: PlatformApi,
  mobile: string,
  type: SmsCodeType,
): Promise<string> {
  await aMinuteLater(platform, mobile);
  await api.user.sendValidateCode({ phoneNumbers: mobile, type });
  return lastSmsCode(platform, mobile);
}

export async function lastSmsCode(platform: TestPlatform, mobile: string): Promise<string> {
  // Behind a (declared) proxy, the read-back also needs the operator's secret.
  const secret = platform.config.sandboxReadbackSecret;
  const response = await fetch(`${platform.server.origin}/api/sandbox/sms/last?mobile=${mobile}`, {
    headers: secret === null ? {} : { "x-sandbox-secret": secret },
  });
  const body = (await response.json()) as { data: { code: string } | null };
  if (!body.data) throw new Error(`no SMS was sent to ${mobile}`);
  return body.data.code;
}

/** Read again every 50 ms until `ok` says so, or `ms` have passed: the last value read. */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The failure of a call, for asserting on it. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("expected the call to fail");
}

/** A raw POST (for bodies the typed client would never send). */
export async function rawPost(
  platform: TestPlatform,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { code: number; msg: string; data: unknown } }> {
  const response = await fetch(`${platform.server.origin}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return {
    status: response.status,
    json: (await response.json()) as { code: number; msg: string; data: unknown },
  };
}

let phoneCounter = 0;
/** A phone number no test has used (registration is per phone). */
export function freshPhone(): string {
  phoneCounter++;
  return `137${String(process.pid % 10_000).padStart(4, "0")}${String(phoneCounter).padStart(4, "0")}`;
}

/** Register a fresh phone with a password through the real flow (SMS sandbox code), signed out. */
export async function registerPhone(
  platform: TestPlatform,
  password = "secret123",
): Promise<{ phone: string; password: string }> {
  const phone = freshPhone();
  const api = platform.client();
  await api.sendSmsCode(phone, "REGISTER");
  await api.register({ phone, code: await lastSmsCode(platform, phone), password });
  return { phone, password };
}

/** Let a minute pass for a phone's 60 s resend rule (its codes look sent 61 s earlier). */
export async function aMinuteLater(platform: TestPlatform, phone: string): Promise<void> {
  await platform.server.database.db.execute(
    `update sms_codes set created_at = created_at - interval '61 seconds' where mobile = '${phone}'`,
  );
}

/** A stranger's try at a phone's LOGIN code: a code sent, then five wrong ones (which lock it). */
export async function fiveWrongCodes(platform: TestPlatform, api: PlatformApi, phone: string): Promise<void> {
  await aMinuteLater(platform, phone);
  await api.sendSmsCode(phone);
  const code = await lastSmsCode(platform, phone);
  const wrong = code === "0000" ? "1111" : "0000";
  for (let i = 0; i < 5; i++) await failure(api.loginWithSms({ phone, code: wrong }));
}
