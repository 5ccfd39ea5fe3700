import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, myTab, screenshot, signInQuickly } from "./browser";
import type { Phone } from "./browser";

/**
 * The app's shell (Step 19, issue 37): the first visit's language, the sign-in sheet's language
 * switch, an address that is no page, and what the app shows without a network.
 */
const { phone } = e2eBrowser();

/** A phone (390 × 844, touch) whose browser prefers `locale` (`navigator.languages`). */
const phoneIn = (locale: string) => phone(undefined, "block", locale);

/** Signed in on /home with its feed shown, then the network cut. */
async function offlineOnHome(locale: string): Promise<Phone> {
  const opened = await phoneIn(locale);
  await signInQuickly(opened.context, demo.ordinary);
  await opened.page.goto("/home");
  await expect
    .poll(() => opened.page.locator(".pf-video-grid-card").count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await opened.context.setOffline(true);
  return opened;
}

const sheet = (page: Page) => page.getByRole("dialog");

describe("the first visit's language and the sign-in sheet", () => {
  it("en-US: an English browser gets the English sign-in; the sheet's switch turns it to Chinese", async () => {
    const { page } = await phoneIn("en-US");
    expect(await page.evaluate(() => navigator.languages[0])).toBe("en-US");
    await page.goto("/home");
    await page.waitForURL("**/login?redirect=*");
    await expect
      .poll(() => sheet(page).getByRole("heading", { name: "Log in with a phone code" }).count())
      .toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en-US");
    expect(await page.getByRole("heading", { name: "Welcome to Platform" }).count()).toBe(1);
    const languages = sheet(page).getByRole("group", { name: "Language" });
    expect(await languages.getByRole("radio", { name: "English" }).isChecked()).toBe(true);
    await screenshot(page, "sign-in-en");

    // The browser's language is not stored as a choice; the switch's is.
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeNull();
    await languages.getByRole("radio", { name: "中文" }).check();
    await expect.poll(() => sheet(page).getByRole("heading", { name: "手机验证码登录" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("zhCN");
    await screenshot(page, "sign-in-zh");

    // The stored choice wins over the browser's language on the next visit, from the first paint.
    await page.reload();
    await expect.poll(() => sheet(page).getByRole("heading", { name: "手机验证码登录" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
  });

  it("zh-CN: a Chinese browser gets the Chinese sign-in, and the skeleton's lang agrees", async () => {
    const { page } = await phoneIn("zh-CN");
    await page.goto("/login");
    await expect.poll(() => sheet(page).getByRole("heading", { name: "手机验证码登录" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    expect(await sheet(page).getByRole("radio", { name: "中文" }).isChecked()).toBe(true);
  });
});

describe("an address that is no page", () => {
  it("signed out: shows not-found directly, in the browser's language, not the sign-in", async () => {
    for (const [locale, title] of [
      ["zh-CN", "页面不存在"],
      ["en-US", "Page not found"],
    ] as const) {
      const { page } = await phoneIn(locale);
      await page.goto("/no/such/page?x=1");
      await expect
        .poll(() => page.getByRole("heading", { name: title }).count(), { timeout: 15_000 })
        .toBe(1);
      expect(new URL(page.url()).pathname).toBe("/no/such/page");
      expect(await sheet(page).count()).toBe(0);
    }
    // A page of the app still asks to sign in first.
    const { page } = await phoneIn("zh-CN");
    await page.goto("/mysettings");
    await page.waitForURL("**/login?redirect=%2Fmysettings");
  });
});

describe("without a network", () => {
  it("tapping 'my' offline shows the app's own retry in the reader's language, and opens once online", async () => {
    for (const [locale, words] of [
      [
        "zh-CN",
        { me: "我的", failed: "加载失败", offline: "网络未连接，连上网络后会自动重试", retry: "重试" },
      ],
      [
        "en-US",
        {
          me: "Me",
          failed: "Could not load",
          offline: "You are offline. This loads by itself once you are back online.",
          retry: "Retry",
        },
      ],
    ] as const) {
      const { context, page } = await offlineOnHome(locale);
      await myTab(page, words.me).click();
      const failed = page
        .getByRole("alertdialog", { name: words.failed })
        .or(page.getByRole("dialog", { name: words.failed }));
      await expect.poll(() => failed.count(), { timeout: 15_000 }).toBe(1);
      expect(await failed.textContent()).toContain(words.offline);
      expect(await failed.getByRole("button", { name: words.retry }).count()).toBe(1);
      expect(await page.getByText("Something went wrong!").count()).toBe(0);
      await screenshot(page, `offline-my-${locale === "zh-CN" ? "zh" : "en"}`);

      // The network returns: the panel's chunk is fetched again, no tap needed.
      await context.setOffline(false);
      await expect
        .poll(() => page.getByRole("dialog", { name: words.me }).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await failed.count()).toBe(0);
    }
  });

  it("a list opened offline says it could not load, with a retry, and loads once online", async () => {
    for (const [locale, retry, tab] of [
      ["zh-CN", "重试", "趋势"],
      ["en-US", "Retry", "Trend"],
    ] as const) {
      const { context, page } = await offlineOnHome(locale);
      await myTab(page, tab).click();
      const retryButton = page.getByRole("main").getByRole("button", { name: retry });
      await expect.poll(() => retryButton.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.getByText("Something went wrong!").count()).toBe(0);
      await screenshot(page, `offline-list-${locale === "zh-CN" ? "zh" : "en"}`);

      await context.setOffline(false);
      await expect.poll(() => retryButton.count(), { timeout: 15_000 }).toBe(0);
      await expect
        .poll(() => page.locator(".pf-video-grid-card, .pf-video-row").count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
    }
  });

  it("search results asked for offline say so with a retry (not skeletons), and load once online", async () => {
    const { context, page } = await phoneIn("zh-CN");
    await signInQuickly(context, demo.vip);
    await page.goto("/search");
    const box = page.getByRole("searchbox", { name: "搜索关键词" });
    const rows = page.getByRole("list", { name: "视频搜索结果", exact: true }).getByRole("listitem");
    await box.fill("Geek");
    await box.press("Enter");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await context.setOffline(true);
    await box.fill("Studio");
    await box.press("Enter");
    const retryButton = page.getByRole("main").getByRole("button", { name: "重试" });
    await expect.poll(() => retryButton.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator(".pf-skeleton").count()).toBe(0);
    await context.setOffline(false);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await retryButton.count()).toBe(0);
  });

  it("the offline notice covers none of the header's buttons, at 320 to 430 px", async () => {
    const { context, page } = await phoneIn("zh-CN");
    await signInQuickly(context, demo.ordinary);
    // Both pages' code is here before the network goes (a page never loaded shows RouteError).
    await page.goto("/mysettings");
    await page.locator(".pf-page-header").waitFor();
    await page.goto("/home");
    await page.evaluate(() => {
      history.pushState({}, "", "/mysettings");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.getByRole("heading", { name: "设置" }).waitFor();
    await page.goBack();
    await expect
      .poll(() => page.locator(".pf-video-grid-card").count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await context.setOffline(true);
    const notice = page.locator(".h5-offline-notice");
    await expect.poll(() => notice.textContent()).toBe("网络已断开，恢复后可继续操作");
    for (const width of [320, 360, 390, 430]) {
      await page.setViewportSize({ width, height: 780 });
      for (const path of ["/home", "/mysettings"]) {
        if (new URL(page.url()).pathname !== path)
          await page.evaluate((to) => {
            history.pushState({}, "", to);
            dispatchEvent(new PopStateEvent("popstate"));
          }, path);
        const header = page.locator(".pf-page-header, .h5-search-header").first();
        await header.waitFor();
        const box = await notice.boundingBox();
        const buttons = header.getByRole("button");
        const count = await buttons.count();
        expect(count, `${path} at ${String(width)} px`).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          const button = await buttons.nth(i).boundingBox();
          if (box === null || button === null) continue;
          expect(button.y, `${path} button ${String(i)} at ${String(width)} px`).toBeGreaterThanOrEqual(
            box.y + box.height - 0.5,
          );
          // A tap there reaches the button, not the notice.
          const hit = await page.evaluate(
            ([x, y]) => document.elementFromPoint(x, y)?.closest(".h5-offline-notice") !== null,
            [button.x + button.width / 2, button.y + button.height / 2] as const,
          );
          expect(hit).toBe(false);
        }
      }
    }
    await context.setOffline(false);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue("--pf-top-inset")))
      .toBe("");
  });
});

describe("settings", () => {
  it("shows the real version with the build's commit and date, in both languages", async () => {
    for (const [locale, label] of [
      ["zh-CN", "当前版本"],
      ["en-US", "Version"],
    ] as const) {
      const { context, page } = await phoneIn(locale);
      await signInQuickly(context, demo.ordinary);
      await page.goto("/mysettings");
      const line = page.locator(".h5-settings__static").filter({ hasText: label });
      await expect.poll(() => line.count(), { timeout: 15_000 }).toBe(1);
      const text = (await line.textContent()) ?? "";
      expect(text).not.toContain("v0.0.0");
      expect(text).toMatch(/v\d+\.\d+\.\d+ \(([0-9a-f]{7,}, )?\d{4}-\d{2}-\d{2}\)/);
      await line.scrollIntoViewIfNeeded();
      await screenshot(page, `settings-version-${locale === "zh-CN" ? "zh" : "en"}`);
    }
  });
});
