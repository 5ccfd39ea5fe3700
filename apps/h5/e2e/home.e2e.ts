import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, myTab, nodeApi, signIn } from "./browser";

const e2e = e2eBrowser();

const videos = (page: Page) => page.getByRole("list", { name: "视频列表" }).getByRole("listitem");

describe("home", () => {
  it("scrolls to a third page (ten a page), more pages appending near the bottom", async () => {
    const { page } = await e2e.phone();
    await signIn(page, demo.vip);
    await expect.poll(() => videos(page).count(), { timeout: 15_000 }).toBe(10);
    for (const expected of [20, 30]) {
      await videos(page).last().scrollIntoViewIfNeeded();
      await expect.poll(() => videos(page).count(), { timeout: 15_000 }).toBe(expected);
    }
  });

  it("filters change the list: free only, then by most plays", async () => {
    const { page } = await e2e.phone();
    await signIn(page, demo.vip);
    await expect.poll(() => videos(page).count(), { timeout: 15_000 }).toBe(10);
    // What the server says the first free page holds, to compare with the screen.
    const api = nodeApi();
    await api.loginWithPassword({ phone: demo.vip.mobile, password: demo.vip.password });
    const free = await api.substance.getVideoList({ current: 1, price: "free" });
    const plays = await api.substance.getVideoList({ current: 1, price: "free", sort: "mostPlays" });

    await page.getByRole("button", { name: /^筛选/ }).click();
    await page.getByRole("radiogroup", { name: "价格" }).getByRole("radio", { name: "免费" }).check();
    await page.waitForURL(/price=free/);
    await expect
      .poll(async () => (await videos(page).first().textContent()) ?? "", { timeout: 15_000 })
      .toContain(free.records[0]?.videoTitle ?? "?");
    await page.getByRole("radiogroup", { name: "排序" }).getByRole("radio", { name: "最多播放" }).check();
    await page.waitForURL(/sort=mostPlays/);
    await expect
      .poll(async () => (await videos(page).first().textContent()) ?? "", { timeout: 15_000 })
      .toContain(plays.records[0]?.videoTitle ?? "?");
    // Every video shown is free: no 'super' or 'pay' badge on the first page.
    const badges = await page
      .getByRole("list", { name: "视频列表" })
      .getByText(/^(超级|付费)$/)
      .count();
    expect(badges).toBe(0);
  });

  it("the 'trend' tab lists the week's most played, as the server ranks them", async () => {
    const { page } = await e2e.phone();
    await signIn(page, demo.vip);
    const ranking = await nodeApi().substance.trendList({ current: 1, size: 10 });
    expect(ranking.records.length).toBeGreaterThan(0);
    await myTab(page, "趋势").click();
    await page.waitForURL("**/trend");
    const trending = page.getByRole("list", { name: "趋势视频列表" }).getByRole("listitem");
    await expect
      .poll(async () => (await trending.first().textContent()) ?? "", { timeout: 15_000 })
      .toContain(ranking.records[0]?.videoTitle ?? "?");
    expect(await trending.count()).toBe(ranking.records.length);
  });
});
