import { Language, luhnBalanced } from "@platform/domain";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { offScreen, overlapsOnPage, settle, wrappedBadges } from "./layout-checks";
import {
  demo,
  e2eBrowser,
  geekLab,
  codeOf,
  myTab,
  registerAccount,
  screenshot,
  signInQuickly,
} from "./browser";
import type { Account } from "./browser";
import { openedAnyFreeVideo } from "./watching";

/**
 * The layout at every phone width the app supports (320–430 px) in both languages: on the main
 * screens no control overlaps another, and on the 'my' panel no label breaks inside a word and the
 * balance cards' numbers line up.
 */

const e2e = e2eBrowser();

const widths = [320, 360, 390, 430] as const;

/** What the page says in each language (the catalogs' words the test looks for). */
const words = {
  [Language.zhCN]: { name: "中文", me: "我的", videos: "视频列表", balances: "余额" },
  [Language.enUS]: { name: "English", me: "Me", videos: "Videos", balances: "Balances" },
} as const;

/**
 * On the open 'my' panel: labels that break inside a word (a line break anywhere but after a space
 * — so a Chinese label on two lines — or a button's text on more than one line), and balance or
 * props cards whose numbers do not line up.
 */
function panelProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const panel = [...document.querySelectorAll("[aria-modal='true']")].at(-1);
    if (panel === undefined) return ["the 'my' panel is not open"];
    const found: string[] = [];
    const labels = panel.querySelectorAll(
      "button, [role='button'], dt, dd, h2, h3, .pf-my-panel__vip-tag, .pf-my-panel__member-id",
    );
    for (const label of labels) {
      if (!label.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const isButton = label.matches("button, [role='button']");
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      // The line tops of all the label's characters (a button's text keeps to one line).
      const tops: number[] = [];
      let lineHeight = 0;
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        if (text.trim() === "") continue;
        // Words for screen readers only (a 1 px box) are not on the screen.
        const box = node.parentElement?.getBoundingClientRect();
        if (box === undefined || box.width <= 1 || box.height <= 1) continue;
        const range = document.createRange();
        let previousTop: number | null = null;
        for (let i = 0; i < text.length; i += 1) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (rect === undefined || rect.width === 0 || rect.height === 0) continue;
          lineHeight = Math.max(lineHeight, rect.height);
          tops.push(rect.top);
          if (previousTop !== null && rect.top > previousTop + rect.height / 2) {
            const before = text[i - 1] ?? "";
            if (!/[\s\-–—/]/.test(before) && !/\s/.test(text[i] ?? "")) {
              found.push(`'${text.trim()}' breaks inside a word, before '${text.slice(i)}'`);
            }
          }
          previousTop = rect.top;
        }
      }
      if (isButton && tops.length > 0 && Math.max(...tops) - Math.min(...tops) > lineHeight / 2) {
        const text = (label.getAttribute("aria-label") ?? label.textContent).trim();
        found.push(`the button '${text}' takes more than one line`);
      }
    }
    for (const cards of panel.querySelectorAll("dl")) {
      const numbers = [...cards.querySelectorAll("dd")].map((dd) => ({
        text: dd.textContent.trim(),
        top: dd.getBoundingClientRect().top,
        bottom: dd.getBoundingClientRect().bottom,
      }));
      const first = numbers[0];
      if (first === undefined) continue;
      for (const other of numbers.slice(1)) {
        if (Math.abs(other.top - first.top) > 1 || Math.abs(other.bottom - first.bottom) > 1) {
          found.push(
            `'${cards.getAttribute("aria-label") ?? "cards"}': '${other.text}' (top ${Math.round(other.top)}) is not in line with '${first.text}' (top ${Math.round(first.top)})`,
          );
        }
      }
    }
    return found;
  });
}

interface Screens {
  readonly problems: string[];
}

/** A phone `width` px wide whose app speaks `language` (the setting /mysettings stores). */
async function phoneAt(width: number, language: Language) {
  const opened = await e2e.phone();
  await opened.page.setViewportSize({ width, height: 844 });
  await opened.context.addInitScript((value: string) => {
    localStorage.setItem("language", value);
  }, language);
  return opened;
}

/** Visits the main screens as `account` in `language` at `width`, noting what is wrong where. */
async function checkScreens(
  account: Account,
  language: Language,
  width: number,
  options: { readonly panelOnly?: boolean } = {},
): Promise<Screens> {
  const { context, page } = await phoneAt(width, language);
  const { api } = await signInQuickly(context, account);
  const word = words[language];
  const problems: string[] = [];
  const note = (where: string, found: readonly string[]) => {
    for (const problem of found) problems.push(`${where}: ${problem}`);
  };

  await page.goto("/home");
  await expect
    .poll(() => page.getByRole("list", { name: word.videos }).getByRole("listitem").count(), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await settle(page);
  if (options.panelOnly !== true) note("/home", await overlapsOnPage(page));

  await myTab(page, word.me).click();
  const panel = page.getByRole("dialog", { name: word.me });
  await expect
    .poll(() => panel.getByLabel(word.balances, { exact: true }).count(), { timeout: 20_000 })
    .toBe(1);
  await settle(page);
  note("the 'my' panel", await overlapsOnPage(page));
  note("the 'my' panel", await panelProblems(page));
  if (options.panelOnly === true) return { problems };
  await page.keyboard.press("Escape");
  await expect.poll(() => panel.count()).toBe(0);

  await openedAnyFreeVideo(page, api);
  await expect.poll(() => page.locator("#h5-video-title").count(), { timeout: 20_000 }).toBe(1);
  await settle(page);
  note("/videoview", await overlapsOnPage(page));

  await page.goto("/search");
  await page.getByRole("searchbox").first().waitFor();
  await settle(page);
  note("/search", await overlapsOnPage(page));

  const author = await geekLab(api);
  await page.goto(`/creationcenter?id=${author.userId}`);
  await expect
    .poll(() => page.getByRole("heading", { name: author.nickName }).count(), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await settle(page);
  note("the author's page", await overlapsOnPage(page));

  // The money and live screens of Step 16: plans with their prices, the game lobby, the live rooms
  // (at the narrowest and widest phones: what fits both fits between).
  if (width !== 320 && width !== 430) return { problems };
  for (const [path, ready] of [
    ["/membervip", () => page.locator(".h5-library-choice").first().waitFor({ timeout: 20_000 })],
    ["/game", () => page.locator(".h5-game-tile").first().waitFor({ timeout: 20_000 })],
    ["/starlive", () => page.locator(".h5-live__bar button").waitFor({ timeout: 20_000 })],
  ] as const) {
    await page.goto(path);
    await ready();
    await settle(page);
    note(path, [...(await overlapsOnPage(page)), ...(await offScreen(page))]);
  }
  return { problems };
}

describe("layout at 320–430 px in both languages", () => {
  for (const language of [Language.zhCN, Language.enUS]) {
    for (const width of widths) {
      it(`${words[language].name} at ${width} px: no control overlaps another on the main screens; the 'my' panel's labels stay whole and its cards line up`, async () => {
        const ordinary = await checkScreens(demo.ordinary, language, width);
        // A member's panel has other buttons (renew instead of 'open super VIP').
        const member = await checkScreens(demo.vip, language, width, { panelOnly: true });
        expect([...ordinary.problems, ...member.problems.map((p) => `(member) ${p}`)]).toEqual([]);
      });
    }
  }
});

// Issue 37, item 14: the money screens at the narrowest phone in English (the longest words), and
// /cardmanage at 390 px in Chinese, with a bound card: no badge on two lines, no overlap, no cut word.
describe("the money screens at 320 px in English", () => {
  it("keep badges on one line, controls apart and words whole on /cardmanage, /trade, /membervip", async () => {
    const account = await registerAccount();
    const problems: string[] = [];
    for (const [language, width] of [
      [Language.enUS, 320],
      [Language.zhCN, 390],
    ] as const) {
      const { context, page } = await phoneAt(width, language);
      await signInQuickly(context, account);
      if (language === Language.enUS) {
        // A card of the account's own, so /cardmanage shows its 'current' badge.
        await page.goto("/addbankcard");
        const body = `6222${String(process.pid % 100_000).padStart(5, "0")}7${String(Date.now() % 1000).padStart(3, "0")}`;
        await page
          .locator("input")
          .nth(0)
          .fill(luhnBalanced(`${body}00008`, 13));
        await page.locator("input").nth(1).fill("New User");
        await page.locator("input").nth(2).fill("China Merchants Bank");
        await page.getByRole("button", { name: /code/i }).click();
        await page
          .locator("input")
          .nth(3)
          .fill(await codeOf(account.mobile, "PAYEE"));
        await page.getByRole("button", { name: /add/i }).last().click();
        await page.waitForURL("**/cardmanage", { timeout: 15_000 });
      }
      const lang = language === Language.enUS ? "en" : "zh";
      for (const [path, ready] of [
        ["/cardmanage", () => page.locator(".h5-trade-badge").first().waitFor({ timeout: 20_000 })],
        ["/trade", () => page.locator(".h5-trade-sandbox").first().waitFor({ timeout: 20_000 })],
        ["/membervip", () => page.locator(".h5-library-choice").first().waitFor({ timeout: 20_000 })],
      ] as const) {
        await page.goto(path);
        await ready();
        await settle(page);
        const where = `${path} (${lang}, ${String(width)} px)`;
        for (const found of [await overlapsOnPage(page), await offScreen(page), await wrappedBadges(page)])
          for (const problem of found) problems.push(`${where}: ${problem}`);
        if (path !== "/membervip") await screenshot(page, `${path.slice(1)}-${lang}`);
      }
      await page.goto("/withdraw");
      await page.locator("[data-testid=withdraw-gold]").waitFor({ timeout: 20_000 });
      await settle(page);
      await screenshot(page, `withdraw-${lang}`);
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
