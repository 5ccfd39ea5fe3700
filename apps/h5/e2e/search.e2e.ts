import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, GEEK_LAB, geekLab, signInQuickly } from "./browser";

const e2e = e2eBrowser();

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "搜索关键词" });
const videoRows = (page: Page, name = "视频搜索结果") =>
  page.getByRole("list", { name, exact: true }).getByRole("listitem");

async function search(page: Page, words: string): Promise<void> {
  await searchBox(page).fill(words);
  await searchBox(page).press("Enter");
}

describe("search", () => {
  it("finds more than ten videos for a word, more appending near the bottom", async () => {
    const { context, page } = await e2e.phone();
    const { api } = await signInQuickly(context, demo.vip);
    // The word matches the Geek Lab author's videos: enough for three pages. A numbered search's
    // total may be a lower bound (`totalPlus`, decision 0033), so the pages are counted.
    const server = await api.search.substance({ keyword: "Geek", current: 1, size: 10 });
    const third = await api.search.substance({ keyword: "Geek", current: 3, size: 10 });
    expect(server.records).toHaveLength(10);
    expect(third.records.length).toBeGreaterThan(0);

    await page.goto("/search");
    await search(page, "Geek");
    await page.waitForURL(/\/search\?q=Geek$/);
    await expect.poll(() => videoRows(page).count(), { timeout: 15_000 }).toBe(10);
    expect(await videoRows(page).first().textContent()).toContain(server.records[0]?.videoTitle ?? "?");
    await videoRows(page).last().scrollIntoViewIfNeeded();
    await expect.poll(() => videoRows(page).count(), { timeout: 15_000 }).toBe(20);

    // A result opens its video.
    await videoRows(page).first().getByRole("button").first().click();
    await page.waitForURL(/\/videoview\?id=/);
  });

  it("says 'no search results' when nothing matches", async () => {
    const { context, page } = await e2e.phone();
    await signInQuickly(context, demo.vip);
    await page.goto("/search");
    await search(page, "zzqx 无此视频");
    await expect
      .poll(() => page.getByText("没有搜索结果", { exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await videoRows(page).count()).toBe(0);
  });

  it("follows a member from the member tab (the server agrees), then unfollows", async () => {
    const { context, page } = await e2e.phone();
    const { api, userId } = await signInQuickly(context, demo.vip);
    const geekOnServer = () => geekLab(api);
    // The seed leaves this author unfollowed; a run stopped half-way may not have.
    const before = await geekOnServer();
    if (before.hasFollow) await api.contacts.unfollow({ followUserId: before.userId, userId });

    await page.goto("/search");
    await search(page, "Geek");
    await page.waitForURL(/q=Geek/);
    await page.getByRole("tab", { name: "用户" }).click();
    await page.waitForURL(/tab=member/);
    const row = page
      .getByRole("list", { name: "用户", exact: true })
      .getByRole("listitem")
      .filter({ hasText: GEEK_LAB });
    await row.getByRole("button", { name: "关注", exact: true }).click();
    await expect
      .poll(() => row.getByRole("button", { name: "已关注", exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect((await geekOnServer()).hasFollow).toBe(true);

    // A reload keeps the tab, and the server's state.
    await page.reload();
    await expect
      .poll(() => row.getByRole("button", { name: "已关注", exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    await row.getByRole("button", { name: "已关注", exact: true }).click();
    await expect
      .poll(() => row.getByRole("button", { name: "关注", exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect((await geekOnServer()).hasFollow).toBe(false);
  });

  it("keeps a search in the history across a reload; a hot tag opens its results", async () => {
    const { context, page } = await e2e.phone();
    const { api } = await signInQuickly(context, demo.vip);
    await page.goto("/search");
    await expect.poll(() => page.getByText("暂无搜索历史").count(), { timeout: 15_000 }).toBe(1);
    await search(page, "Travel");
    await expect.poll(() => videoRows(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // Back to the search page: the word heads the history, and stays there after a reload.
    await page.getByRole("button", { name: "返回" }).click();
    await page.waitForURL(/\/search$/);
    const history = page.getByRole("list", { name: "搜索历史" });
    await expect.poll(() => history.getByRole("button").first().textContent()).toBe("Travel");
    await page.reload();
    await expect
      .poll(() => history.getByRole("button").first().textContent(), { timeout: 15_000 })
      .toBe("Travel");

    const [top] = await api.search.hotTags({});
    if (top === undefined) throw new Error("the seed has no tags");
    await page
      .getByRole("list", { name: "热门标签" })
      .getByRole("link", { name: top.tag, exact: true })
      .click();
    await page.waitForURL(/\/keywordsearch\?id=/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(top.tag);
    // The first page is 10 rows; the list may already have fetched the next one as its end came
    // into view (the hot tag has more than 10 videos), so at least 10.
    await expect
      .poll(() => videoRows(page, `${top.tag} 的视频`).count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(10);
  });
});
