import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { e2eBrowser } from "./browser";

const e2e = e2eBrowser();

/** The shared header's title. */
const title = (page: Page) => page.locator("h1.pf-page-header__title");

/** Before the app starts: the language a person chose (localStorage `language`). */
async function inEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem("language", "enUS");
  });
}

describe("the channel page (/d/{channelTagId}) is titled with the channel's name", () => {
  it("shows the seeded channels' Chinese names, signed out", async () => {
    const { page } = await e2e.phone();
    await page.goto("/d/2");
    await expect.poll(() => title(page).textContent(), { timeout: 15_000 }).toBe("美食频道");
    expect(await page.getByText("频道 2").count()).toBe(0);
    await page.goto("/d/0");
    await expect.poll(() => title(page).textContent(), { timeout: 15_000 }).toBe("主站");
  });

  it("shows the English name in English", async () => {
    const { page } = await e2e.phone();
    await inEnglish(page);
    await page.goto("/d/2");
    await expect.poll(() => title(page).textContent(), { timeout: 15_000 }).toBe("Food");
    await page.goto("/d/1/anything/below");
    await expect.poll(() => title(page).textContent(), { timeout: 15_000 }).toBe("Travel");
  });

  it("an unknown channel shows the not-found screen, in Chinese and in English", async () => {
    const { page } = await e2e.phone();
    await page.goto("/d/999999");
    await expect.poll(() => title(page).textContent(), { timeout: 15_000 }).toBe("页面不存在");
    expect(await page.locator('[data-picture="notFound"]').count()).toBe(1);
    expect(await page.getByText("找不到这个页面：地址可能有误，或页面已被移除。").count()).toBe(1);
    // No toast over it: the screen says it.
    expect(await page.getByText("内容不存在或已删除").count()).toBe(0);
    // An address that cannot name a channel at all is not found either.
    await page.goto("/d/abc");
    await expect.poll(() => title(page).textContent(), { timeout: 15_000 }).toBe("页面不存在");

    const english = await e2e.phone();
    await inEnglish(english.page);
    await english.page.goto("/d/999999");
    await expect.poll(() => title(english.page).textContent(), { timeout: 15_000 }).toBe("Page not found");
    expect(await english.page.locator('[data-picture="notFound"]').count()).toBe(1);
  });
});
