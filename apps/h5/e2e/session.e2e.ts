import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, freshMobile, lastSmsCode, passwordSignIn } from "./browser";

/**
 * Seeded accounts. The SMS gateway allows one code a minute per phone, so each journey that sends a
 * code uses a phone no other journey sends one to.
 */
const ordinary = demo.ordinary;
const resetter = demo.author;

const e2e = e2eBrowser();

const popup = (page: Page) => page.getByRole("dialog");

async function fillPhone(page: Page, mobile: string) {
  await popup(page).getByLabel("手机号").fill(mobile);
}

/**
 * On /login: switches the popup to the form behind the button `via` (none: the SMS sign-in it opens
 * on), waits for the form's `title`, fills in `mobile`, asks for a code and types in the one the SMS
 * sandbox got.
 */
async function formWithCode(page: Page, title: string, mobile: string, via?: string): Promise<void> {
  await page.goto("/login");
  if (via !== undefined) await popup(page).getByRole("button", { name: via }).click();
  await expect.poll(() => popup(page).getByRole("heading", { name: title, exact: true }).count()).toBe(1);
  await fillPhone(page, mobile);
  await popup(page).getByRole("button", { name: "获取验证码" }).click();
  await expect.poll(() => page.getByText("验证码已发送").count()).toBeGreaterThan(0);
  const code = await lastSmsCode(mobile);
  await popup(page).getByLabel("验证码").fill(code);
}

describe("signing in and out, in Chromium at 390 × 844", () => {
  it("SMS sign-in with the code from the SMS sandbox lands on home with 'login success'", async () => {
    const { page } = await e2e.phone();
    await formWithCode(page, "手机验证码登录", ordinary.mobile);
    // The 60 s countdown replaced the button's label.
    await expect.poll(() => popup(page).getByRole("button", { name: /\d+s/ }).count()).toBe(1);
    await popup(page).getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL("**/home");
    await expect.poll(() => page.getByText("登录成功").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeTruthy();
  });

  it("password sign-in; signed in, /login sends you to /", async () => {
    const { page } = await e2e.phone();
    await page.goto("/login");
    await passwordSignIn(page, ordinary);
    await page.waitForURL("**/home");
    await page.goto("/login");
    await page.waitForURL("**/home");
  });

  it("registers ('register success', the popup closes) and is signed in at home without typing it again", async () => {
    const { page } = await e2e.phone();
    const mobile = freshMobile();
    await formWithCode(page, "注册账号密码", mobile, "注册账号");
    await popup(page).getByLabel("设置密码").fill("newuser123");
    await popup(page).getByRole("button", { name: "注册", exact: true }).click();
    await expect.poll(() => page.getByText("注册成功").count()).toBeGreaterThan(0);
    await page.waitForURL("**/home");
    expect(await popup(page).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("userInfo"))).toContain(mobile);
    // The session is the new account's, with the password just set.
    await page.evaluate(() => {
      localStorage.clear();
    });
    await page.goto("/login");
    await passwordSignIn(page, { mobile, password: "newuser123" });
    await page.waitForURL("**/home");
  });

  it("resets the password, then signs in with the new one (the old one is refused)", async () => {
    const mobile = resetter.mobile;
    const { page } = await e2e.phone();
    await formWithCode(page, "重置密码", mobile, "忘记密码");
    await popup(page).getByLabel("新密码").fill("after1234");
    await popup(page).getByRole("button", { name: "确认重置" }).click();
    await expect.poll(() => page.getByText("密码重置成功").count()).toBeGreaterThan(0);
    // The popup is now on password login.
    await expect.poll(() => popup(page).getByRole("heading", { name: "登录", exact: true }).count()).toBe(1);
    await fillPhone(page, mobile);
    await popup(page).getByLabel("密码", { exact: true }).fill(resetter.password);
    await popup(page).getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForTimeout(800);
    expect(new URL(page.url()).pathname).toBe("/login");
    await popup(page).getByLabel("密码", { exact: true }).fill("after1234");
    await popup(page).getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL("**/home");
  });

  it("a deep link while signed out goes to /login and back to the deep link after sign-in", async () => {
    const { page } = await e2e.phone();
    await page.goto("/mycollection?active=FAVORITES");
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/mycollection?active=FAVORITES");
    await passwordSignIn(page, ordinary);
    await page.waitForURL("**/mycollection?active=FAVORITES");
  });
});
