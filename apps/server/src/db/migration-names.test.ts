import { expect, it } from "vitest";
import { databaseBefore } from "../../test/migrations";

/**
 * Migration 0007 names the membership plans and benefits in both languages. The demo data of an
 * older database held both in one text ("月卡 Monthly"): those rows are split; a name an operator
 * wrote in one language serves both until the English is written. Nothing is lost.
 */
it("0007 splits the older demo names into Chinese and English and keeps any other name whole", async () => {
  const { client, migrateAll, close } = await databaseBefore("0007_");
  await client.exec(`
    INSERT INTO vip_goods (name, days, amount, sort) VALUES ('月卡 Monthly', 30, 3000, 1), ('春节特惠', 7, 500, 2);
    INSERT INTO member_benefits (key, title, description, sort) VALUES
      ('svipVideos', 'SVIP 视频 SVIP videos', '全部超级会员视频免费看 · Every SVIP video in full', 1),
      ('custom', '专属客服', '一对一服务', 2);
  `);

  await migrateAll();
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
  await close();
});
