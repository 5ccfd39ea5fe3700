import { StorageKey } from "@platform/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eachDatabase, rowsOf, signIn, startSeeded } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { appModules } from "../../db/schema";
import { demoAccounts } from "../../seed";

eachDatabase("the navigation map's modules", (target) => {
  let platform: TestPlatform;
  const [, ordinary] = demoAccounts;

  beforeAll(async () => {
    platform = await startSeeded(target);
  });
  afterAll(() => platform.close());

  it("are named in the request's language, one language at a time", async () => {
    const zh = await signIn(platform, ordinary);
    const chinese = (await zh.api.system.appModules()).modules;
    expect(chinese.map((m) => m.name)).toEqual(["首页", "直播", "游戏", "交易", "超级会员"]);

    const en = platform.client();
    en.client.storage.set(StorageKey.language, "enUS");
    await en.loginWithPassword({ phone: ordinary.mobile, password: ordinary.password });
    const english = (await en.system.appModules()).modules;
    expect(english.map((m) => m.name)).toEqual(["Home", "Live", "Games", "Trade", "Super VIP"]);
    // The same modules, links and order in both languages.
    expect(english.map(({ name: _name, ...rest }) => rest)).toEqual(
      chinese.map(({ name: _name, ...rest }) => rest),
    );
  });

  it("a module an operator named only in Chinese keeps that name in English", async () => {
    await platform.server.ctx.db.insert(appModules).values({
      moduleKey: "news",
      name: "资讯",
      sort: 9,
      linkType: "ROUTER",
      linkTarget: "INNER_LINK",
      linkUrl: "/home",
    });
    const rows = await rowsOf<{ name_en: string }>(
      platform,
      `select name_en from app_modules where module_key = 'news'`,
    );
    expect(rows[0]?.name_en).toBe("");
    const en = platform.client();
    en.client.storage.set(StorageKey.language, "enUS");
    await en.loginWithPassword({ phone: ordinary.mobile, password: ordinary.password });
    expect((await en.system.appModules()).modules.at(-1)?.name).toBe("资讯");
  });
});
