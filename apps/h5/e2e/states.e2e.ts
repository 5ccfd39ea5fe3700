import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, signInQuickly } from "./browser";

const e2e = e2eBrowser();

/** The empty-state block on the page: which picture it draws, and the drawing itself. */
async function emptyState(page: Page): Promise<{ picture: string | null; drawing: string; text: string }> {
  const block = page.locator(".pf-empty").first();
  await expect.poll(() => block.count(), { timeout: 15_000 }).toBe(1);
  return {
    picture: await block.getAttribute("data-picture"),
    drawing: await block.locator("svg").innerHTML(),
    text: (await block.locator(".pf-empty__text").textContent()) ?? "",
  };
}

describe("each empty, error and missing screen has its own picture and words", () => {
  it("not found and a failed load draw different pictures (no route is 'coming soon' any more)", async () => {
    const { context, page } = await e2e.phone();
    await signInQuickly(context, demo.ordinary);

    await page.goto("/no-such-page");
    const missing = await emptyState(page);
    expect(missing.picture).toBe("notFound");
    expect(missing.text).toBe("找不到这个页面：地址可能有误，或页面已被移除。");

    // The channel's list cannot load: the feed says so, with a retry.
    await page.route("**/api/substance/app/substance-online/getVideoList", (route) => route.abort());
    await page.goto("/d/0");
    const failed = await emptyState(page);
    expect(failed.picture).toBe("error");
    expect(await page.locator(".pf-empty").getByRole("button").count()).toBe(1);

    const drawings = new Set([missing.drawing, failed.drawing]);
    expect(drawings.size).toBe(2);
    const words = new Set([missing.text, failed.text]);
    expect(words.size).toBe(2);
    // No 'no results' sentence on any of them.
    for (const text of words) expect(text).not.toContain("没有搜索结果");
  });
});
