import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import * as schema from "./schema";

const folder = fileURLToPath(new URL("../../drizzle", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "migrations-names-"));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * Migration 0007 names the membership plans and benefits in both languages. The demo data of an
 * older database held both in one text ("月卡 Monthly"): those rows are split; a name an operator
 * wrote in one language serves both until the English is written. Nothing is lost.
 */
it("0007 splits the older demo names into Chinese and English and keeps any other name whole", async () => {
  cpSync(folder, scratch, { recursive: true });
  const journalPath = join(scratch, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const before = journal.entries.findIndex((e) => e.tag.startsWith("0007_"));
  expect(before).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }));

  const client = await PGlite.create();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: scratch });
  await client.exec(`
    INSERT INTO vip_goods (name, days, amount, sort) VALUES ('月卡 Monthly', 30, 3000, 1), ('春节特惠', 7, 500, 2);
    INSERT INTO member_benefits (key, title, description, sort) VALUES
      ('svipVideos', 'SVIP 视频 SVIP videos', '全部超级会员视频免费看 · Every SVIP video in full', 1),
      ('custom', '专属客服', '一对一服务', 2);
  `);

  await migrate(db, { migrationsFolder: folder });
  const goods = await client.query<{ name: string; name_en: string }>(
    "SELECT name, name_en FROM vip_goods ORDER BY sort",
  );
  expect(goods.rows).toEqual([
    { name: "月卡", name_en: "Monthly" },
    { name: "春节特惠", name_en: "春节特惠" },
  ]);
  const benefits = await client.query<{ title: string; title_en: string; description_en: string }>(
    "SELECT title, title_en, description_en FROM member_benefits ORDER BY sort",
  );
  expect(benefits.rows).toEqual([
    { title: "SVIP 视频", title_en: "SVIP videos", description_en: "Every SVIP video in full" },
    { title: "专属客服", title_en: "专属客服", description_en: "一对一服务" },
  ]);
  await client.close();
});
