import { describe, expect, it } from "vitest";
import {
  demo,
  e2eBrowser,
  lastSmsCode,
  myTab,
  nodeApi,
  passwordSignIn,
  registerAccount,
  screenshot,
  signIn,
  signInQuickly,
} from "./browser";

/** Seeded accounts: a super member with seeded balances, and one to revoke. */
const vip = demo.vip;
const revoked = demo.permanent;

const e2e = e2eBrowser();

describe("the 'my' panel, the language and the end of a session", () => {
  it("shows the seeded balances with two decimals, and closes on navigation", async () => {
    const { page } = await e2e.phone();
    await signIn(page, vip);
    await myTab(page).click();
    const panel = page.getByRole("dialog", { name: "我的" });
    const balances = panel.getByLabel("余额", { exact: true });
    await expect.poll(() => balances.textContent(), { timeout: 15_000 }).toMatch(/168\.20/);
    const text = (await balances.textContent()) ?? "";
    expect(text).toMatch(/50\.00/);
    expect(text).toMatch(/8\.00/);
    await panel.getByRole("button", { name: "历史记录" }).click();
    await page.waitForURL("**/myhistory");
    await expect.poll(() => page.getByRole("dialog", { name: "我的" }).count()).toBe(0);
  });

  it("switches to English, and English stays after a reload", async () => {
    const { page } = await e2e.phone();
    await signIn(page, vip);
    await page.goto("/mysettings");
    await page.getByRole("radio", { name: "English" }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en-US");
    await expect.poll(() => page.getByRole("group", { name: "Language" }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en-US");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("enUS");
    expect(await page.getByRole("radio", { name: "English" }).isChecked()).toBe(true);
    await page.goto("/home");
    await myTab(page, "Me").click();
    await expect.poll(() => page.getByRole("dialog", { name: "Me" }).count()).toBe(1);
  });

  it("a revoked session shows the 'tip' dialog; confirming clears storage and returns to /login", async () => {
    const { page } = await e2e.phone();
    await signIn(page, revoked);
    // Another device resets the password: every session of the account ends.
    const api = nodeApi();
    await api.sendSmsCode(revoked.mobile, "RESET");
    await api.resetPassword({
      phone: revoked.mobile,
      code: await lastSmsCode(revoked.mobile),
      password: "revoked456",
    });
    // The app's next call finds out (the panel loads its data each time it opens).
    await myTab(page).click();
    const tip = page.getByRole("dialog", { name: "提示" });
    await expect.poll(() => tip.count(), { timeout: 20_000 }).toBe(1);
    await tip.getByRole("button", { name: "确定" }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
  });
});

describe("posting is found from the 'my' panel, without typing an address", () => {
  const languages = {
    zh: { my: "我的", row: "创作", post: "发布视频", works: "我的作品", list: "作品列表" },
    en: { my: "Me", row: "Create", post: "Post a video", works: "My videos", list: "My videos" },
  } as const;

  for (const lang of ["zh", "en"] as const) {
    it(`posts from the panel's first row and opens one's videos (${lang})`, async () => {
      const w = languages[lang];
      const { context, page } = await e2e.phone();
      if (lang === "en") {
        await page.addInitScript(() => {
          localStorage.setItem("language", "enUS");
        });
      }
      const { userId } = await signInQuickly(context, await registerAccount());
      await page.goto("/home");
      await myTab(page, w.my).click();
      const row = page.getByRole("dialog", { name: w.my }).getByRole("group", { name: w.row });
      await row.waitFor({ timeout: 15_000 });
      await screenshot(page, `posting-entry-${lang}`);
      await row.getByRole("button", { name: w.post }).click();
      await page.waitForURL("**/editvideo");
      await page.getByRole("heading", { name: w.post, level: 1 }).waitFor();

      await page.goto("/home");
      await myTab(page, w.my).click();
      await row.getByRole("button", { name: w.works }).click();
      await page.waitForURL(`**/creationcenter?id=${userId}`);
      await page.getByRole("link", { name: w.post }).waitFor({ timeout: 15_000 });
    });
  }

  it("reaches /creationcenter and /editvideo from the navigation map", async () => {
    const { context, page } = await e2e.phone();
    const { userId } = await signInQuickly(context, await registerAccount());
    await page.goto("/?map=1");
    await page.getByRole("link", { name: "我的作品" }).click();
    await page.waitForURL(`**/creationcenter?id=${userId}`);
    await page.goto("/?map=1");
    await page.getByRole("link", { name: "发布视频" }).click();
    await page.waitForURL("**/editvideo");
  });

  it("signed out, 'post a video' asks to sign in first, then lands on /editvideo", async () => {
    const { page } = await e2e.phone();
    await page.goto("/d/0");
    await myTab(page).click();
    await page.getByRole("dialog", { name: "我的" }).getByRole("button", { name: "发布视频" }).click();
    await page.waitForURL(/\/login\?redirect=%2Feditvideo/);
    await passwordSignIn(page, demo.vip);
    await page.waitForURL("**/editvideo");
    await page.getByRole("heading", { name: "发布视频", level: 1 }).waitFor();
  });
});
