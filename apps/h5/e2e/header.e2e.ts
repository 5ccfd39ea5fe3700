import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, myTab, signInQuickly } from "./browser";
import { openedAnyFreeVideo } from "./watching";

const e2e = e2eBrowser();

/** The shared header's buttons (the page's banner). */
const header = (page: Page) => page.getByRole("banner");

describe("the shared header", () => {
  it("main tabs (with the tab bar) have no back button; other pages keep theirs", async () => {
    const { context, page } = await e2e.phone();
    await signInQuickly(context, demo.vip);
    for (const path of ["/home", "/trend", "/game", "/d/0"]) {
      await page.goto(path);
      await expect.poll(() => page.getByRole("navigation", { name: "主导航" }).count()).toBe(1);
      await expect.poll(() => header(page).count(), { message: `${path} has a header` }).toBe(1);
      expect(await header(page).getByRole("button", { name: "返回" }).count(), `back on ${path}`).toBe(0);
    }
    await page.goto("/mysettings");
    await expect.poll(() => header(page).getByRole("button", { name: "返回" }).count()).toBe(1);
  });

  it("the tab bar's 'navigation' shows the navigation map (not home again)", async () => {
    const { context, page } = await e2e.phone();
    await signInQuickly(context, demo.vip);
    await page.goto("/home");
    await myTab(page, "导航").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/");
    await page.getByRole("heading", { name: "导航", level: 1 }).waitFor({ timeout: 15_000 });
    // Opening the app at / still goes on to /home while the navigation switch is off (spec §2).
    await page.goto("/");
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/home");
  });

  it("a search button on /home and on a video page leads to /search", async () => {
    const { context, page } = await e2e.phone();
    const { api } = await signInQuickly(context, demo.vip);
    await page.goto("/home");
    await header(page).getByRole("button", { name: "搜索", exact: true }).click();
    await page.waitForURL("**/search");
    await page.getByRole("searchbox").first().waitFor();

    await openedAnyFreeVideo(page, api);
    await header(page).getByRole("button", { name: "搜索", exact: true }).click();
    await page.waitForURL("**/search");
    await page.getByRole("searchbox").first().waitFor();
  });
});
