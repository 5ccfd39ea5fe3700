import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshMobile, lastSmsCode, launchBrowser, phone } from "./browser";
import type { E2eBrowser } from "./browser";

/**
 * Seeded accounts (apps/server seed: demoAccounts). The SMS gateway allows one code a minute per
 * phone, so each journey that sends a code uses a phone no other journey sends one to.
 */
const demo = { mobile: "13800000002", password: "demo123456" };
const resetter = { mobile: "13900000001", password: "demo123456" };

let e2e: E2eBrowser | undefined;
beforeAll(async () => {
  e2e = await launchBrowser();
});
afterAll(async () => {
  await e2e?.close();
});

function browser() {
  if (e2e === undefined) throw new Error("Chromium did not start");
  return e2e.browser;
}

const popup = (page: Page) => page.getByRole("dialog");

async function fillPhone(page: Page, mobile: string) {
  await popup(page).getByLabel("手机号").fill(mobile);
}

async function sendCode(page: Page, mobile: string): Promise<string> {
  await popup(page).getByRole("button", { name: "获取验证码" }).click();
  await expect.poll(() => page.getByText("验证码已发送").count()).toBeGreaterThan(0);
  return lastSmsCode(mobile);
}

async function passwordSignIn(page: Page, mobile: string, password: string) {
  await popup(page).getByRole("button", { name: "密码登录" }).click();
  await expect.poll(() => popup(page).getByRole("heading", { name: "登录", exact: true }).count()).toBe(1);
  await fillPhone(page, mobile);
  await popup(page).getByLabel("密码", { exact: true }).fill(password);
  await popup(page).getByRole("button", { name: "登录", exact: true }).click();
}

describe("signing in and out, in Chromium at 390 × 844", () => {
  it("SMS sign-in with the code from the SMS sandbox lands on home with 'login success'", async () => {
    const { context, page } = await phone(browser());
    try {
      await page.goto("/login");
      await expect
        .poll(() => popup(page).getByRole("heading", { name: "手机验证码登录", exact: true }).count())
        .toBe(1);
      await fillPhone(page, demo.mobile);
      const code = await sendCode(page, demo.mobile);
      // The 60 s countdown replaced the button's label.
      await expect.poll(() => popup(page).getByRole("button", { name: /\d+s/ }).count()).toBe(1);
      await popup(page).getByLabel("验证码").fill(code);
      await popup(page).getByRole("button", { name: "登录", exact: true }).click();
      await page.waitForURL("**/home");
      await expect.poll(() => page.getByText("登录成功").count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  it("password sign-in; signed in, /login sends you to /", async () => {
    const { context, page } = await phone(browser());
    try {
      await page.goto("/login");
      await passwordSignIn(page, demo.mobile, demo.password);
      await page.waitForURL("**/home");
      await page.goto("/login");
      await page.waitForURL("**/home");
    } finally {
      await context.close();
    }
  });

  it("registers ('register success', the popup closes), then signs in with the new account", async () => {
    const { context, page } = await phone(browser());
    const mobile = freshMobile();
    try {
      await page.goto("/login");
      await popup(page).getByRole("button", { name: "注册账号" }).click();
      await expect
        .poll(() => popup(page).getByRole("heading", { name: "注册账号密码", exact: true }).count())
        .toBe(1);
      await fillPhone(page, mobile);
      const code = await sendCode(page, mobile);
      await popup(page).getByLabel("验证码").fill(code);
      await popup(page).getByLabel("设置密码").fill("newuser123");
      await popup(page).getByRole("button", { name: "注册", exact: true }).click();
      await expect.poll(() => page.getByText("注册成功").count()).toBeGreaterThan(0);
      await expect.poll(() => popup(page).count()).toBe(0);
      await page.getByRole("button", { name: "登录 / 注册" }).click();
      await passwordSignIn(page, mobile, "newuser123");
      await page.waitForURL("**/home");
    } finally {
      await context.close();
    }
  });

  it("resets the password, then signs in with the new one (the old one is refused)", async () => {
    const mobile = resetter.mobile;
    const { context, page } = await phone(browser());
    try {
      await page.goto("/login");
      await popup(page).getByRole("button", { name: "忘记密码" }).click();
      await expect
        .poll(() => popup(page).getByRole("heading", { name: "重置密码", exact: true }).count())
        .toBe(1);
      await fillPhone(page, mobile);
      const code = await sendCode(page, mobile);
      await popup(page).getByLabel("验证码").fill(code);
      await popup(page).getByLabel("新密码").fill("after1234");
      await popup(page).getByRole("button", { name: "确认重置" }).click();
      await expect.poll(() => page.getByText("密码重置成功").count()).toBeGreaterThan(0);
      // The popup is now on password login.
      await expect
        .poll(() => popup(page).getByRole("heading", { name: "登录", exact: true }).count())
        .toBe(1);
      await fillPhone(page, mobile);
      await popup(page).getByLabel("密码", { exact: true }).fill(resetter.password);
      await popup(page).getByRole("button", { name: "登录", exact: true }).click();
      await page.waitForTimeout(800);
      expect(new URL(page.url()).pathname).toBe("/login");
      await popup(page).getByLabel("密码", { exact: true }).fill("after1234");
      await popup(page).getByRole("button", { name: "登录", exact: true }).click();
      await page.waitForURL("**/home");
    } finally {
      await context.close();
    }
  });

  it("a deep link while signed out goes to /login and back to the deep link after sign-in", async () => {
    const { context, page } = await phone(browser());
    try {
      await page.goto("/mycollection?active=FAVORITES");
      await page.waitForURL(/\/login\?redirect=/);
      expect(new URL(page.url()).searchParams.get("redirect")).toBe("/mycollection?active=FAVORITES");
      await passwordSignIn(page, demo.mobile, demo.password);
      await page.waitForURL("**/mycollection?active=FAVORITES");
    } finally {
      await context.close();
    }
  });
});
