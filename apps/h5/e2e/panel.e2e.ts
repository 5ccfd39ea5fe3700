import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, lastSmsCode, myTab, nodeApi, signIn } from "./browser";

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
