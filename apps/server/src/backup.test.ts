import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testConfig } from "../test/config";
import { clientAt, postgresTarget, rowsOf, startSeeded } from "../test/harness";
import type { TestPlatform } from "../test/harness";
import { personWithGold } from "../test/money";
import { describeReport, reconcile } from "./modules/trade/reconcile";
import { demoAccounts } from "./seed";
import { startServer } from "./server";

/**
 * The operations guide's restore drill, as written (docs/operations.md: Backups): deploy/backup.sh
 * while a server runs, deploy/restore.sh into an empty database, a server started on it with the
 * same secrets — the same rows, the books exact, people sign in with their passwords.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const itPg = postgresTarget.available ? it : it.skip;

let platform: TestPlatform;
const folder = mkdtempSync(join(tmpdir(), "backup-"));
beforeAll(async () => {
  if (postgresTarget.available) platform = await startSeeded(postgresTarget);
}, 60_000);
afterAll(async () => {
  if (postgresTarget.available) await platform.close();
  rmSync(folder, { recursive: true, force: true });
});

itPg(
  "deploy/backup.sh, then deploy/restore.sh into an empty database: the same platform",
  async () => {
    // Money moved before the backup, so the ledger has something to agree on.
    const { api, mobile } = await personWithGold(platform, 50_000);
    const goods = await api.user.vipGoodList();
    await api.user.openVipAccount({ goodId: goods[0]?.id ?? "", type: "OPEN_SVIP", payType: "GOLD" });
    const counts = (server: TestPlatform["server"]) =>
      rowsOf<{ users: number; journals: number; videos: number }>(
        { ...platform, server },
        "select (select count(*) from users)::int as users, (select count(*) from journals)::int as journals, (select count(*) from videos)::int as videos",
      );
    const before = await counts(platform.server);

    const file = execFileSync("bash", [join(root, "deploy/backup.sh"), folder], {
      env: { PATH: "/usr/bin:/bin", DATABASE_URL: platform.config.databaseUrl ?? "" },
      encoding: "utf8",
    }).trim();
    expect(file).toMatch(/platform-\d{8}T\d{6}Z\.dump$/);

    const restored = await postgresTarget.create();
    const dataDir = mkdtempSync(join(tmpdir(), "restored-"));
    try {
      expect(
        execFileSync("bash", [join(root, "deploy/restore.sh"), file, restored.databaseUrl ?? ""], {
          env: { PATH: "/usr/bin:/bin" },
          encoding: "utf8",
        }),
      ).toContain("restored");
      const { secrets } = platform.server.ctx;
      const config = testConfig(dataDir, restored.databaseUrl, {
        REQ_KEY: secrets.reqKey,
        CLIENT_SECRET: secrets.clientSecret,
        SIGNING_KEY: secrets.signingKey,
      });
      const server = await startServer(config, { logger: false });
      try {
        expect(await counts(server)).toEqual(before);
        const report = await reconcile(server.database.db);
        expect(report.drift, describeReport(report)).toEqual([]);
        const person = clientAt(server.origin, { clientId: config.clientId, ...server.ctx.secrets });
        await person.loginWithPassword({ phone: mobile, password: "demo123456" });
        expect((await person.user.queryInfo()).isVip).toBe(true);
        const demo = clientAt(server.origin, { clientId: config.clientId, ...server.ctx.secrets });
        const account = demoAccounts[0];
        await demo.loginWithPassword({ phone: account.mobile, password: account.password });
        expect((await demo.user.queryInfo()).mobile).toBe(account.mobile);
      } finally {
        await server.close();
      }
    } finally {
      await restored.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  120_000,
);
