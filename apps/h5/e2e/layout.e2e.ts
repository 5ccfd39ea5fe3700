import { Language, PriceFilter } from "@platform/domain";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, e2eBrowser, geekLab, myTab, signInQuickly } from "./browser";
import type { Account } from "./browser";

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

/** Everything a person can tap or type into (an element of these, inside one, is the same control). */
const controlSelector = [
  "a[href]",
  "button",
  "input:not([type='hidden'])",
  "select",
  "textarea",
  "summary",
  "label:has(input)",
  "[role='button']",
  "[role='link']",
  "[role='radio']",
  "[role='checkbox']",
  "[role='switch']",
  "[role='tab']",
  "[role='menuitem']",
  "[role='option']",
  "[tabindex]:not([tabindex='-1'])",
].join(", ");

/**
 * The pairs of visible controls on the page whose boxes overlap by more than 1 px both ways, named
 * ("button 'Selected'" and "button 'Two per row'" overlap by 38 × 32 px). An element and its own
 * descendants or ancestors are one control; invisible, zero-size, inert or hidden ones do not count;
 * with a modal layer open only the topmost one's controls count. A box is cut to what its scrolling
 * or clipping ancestors show; a control fixed to the screen (the tab bar) is not compared with the
 * page's flowing content, which scrolls under it by design.
 */
function overlapsOnPage(page: Page): Promise<string[]> {
  return page.evaluate((selector: string) => {
    interface Box {
      left: number;
      top: number;
      right: number;
      bottom: number;
    }
    interface Control {
      readonly element: Element;
      readonly box: Box;
      readonly fixedLayer: Element | null;
    }
    const visible = (element: Element): boolean =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const modals = [...document.querySelectorAll("[aria-modal='true']")].filter(visible);
    const top = modals.at(-1) ?? null;
    const controls: Control[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (!visible(element)) continue;
      if (element.closest("[inert], [aria-hidden='true']") !== null) continue;
      if (top !== null && !top.contains(element)) continue;
      const rect = element.getBoundingClientRect();
      const box: Box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      // The nearest fixed ancestor (or itself): what it sits in, above the page's scrolling.
      let fixedLayer: Element | null = null;
      for (let at: Element | null = element; at !== null; at = at.parentElement) {
        if (getComputedStyle(at).position === "fixed") {
          fixedLayer = at;
          break;
        }
      }
      // Cut to the ancestors that clip (scrolling lists, tabs), up to the fixed layer if any.
      for (let at = element.parentElement; at !== null && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        const clip = at.getBoundingClientRect();
        if (style.overflowX !== "visible") {
          box.left = Math.max(box.left, clip.left);
          box.right = Math.min(box.right, clip.right);
        }
        if (style.overflowY !== "visible") {
          box.top = Math.max(box.top, clip.top);
          box.bottom = Math.min(box.bottom, clip.bottom);
        }
        if (at === fixedLayer) break;
      }
      if (box.right - box.left <= 0 || box.bottom - box.top <= 0) continue;
      controls.push({ element, box, fixedLayer });
    }
    const nameOf = (element: Element): string => {
      const label =
        element.getAttribute("aria-label") ?? element.textContent.replace(/\s+/g, " ").trim().slice(0, 40);
      const className = typeof element.className === "string" ? element.className.split(" ")[0] : "";
      const role = element.getAttribute("role");
      return `${element.tagName.toLowerCase()}${role === null ? "" : `[role=${role}]`}${className === "" ? "" : `.${className}`} '${label}'`;
    };
    const found: string[] = [];
    for (let i = 0; i < controls.length; i += 1) {
      for (let j = i + 1; j < controls.length; j += 1) {
        const a = controls[i];
        const b = controls[j];
        if (a === undefined || b === undefined) continue;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        if ((a.fixedLayer === null) !== (b.fixedLayer === null)) continue;
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (width > 1 && height > 1) {
          found.push(
            `${nameOf(a.element)} and ${nameOf(b.element)} overlap by ${Math.round(width)} × ${Math.round(height)} px`,
          );
        }
      }
    }
    return found;
  }, controlSelector);
}

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

/**
 * Controls that reach past the right edge of the screen (cut off: a price, a send button), unless
 * inside something that scrolls or clips sideways on purpose (a row of pictures).
 */
function offScreen(page: Page): Promise<string[]> {
  return page.evaluate((selector: string) => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const element of document.querySelectorAll(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      let scrolls = false;
      for (let up = element.parentElement; up !== null && up !== document.body; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (overflow !== "visible") {
          scrolls = true;
          break;
        }
      }
      if (scrolls) continue;
      const name = (element.getAttribute("aria-label") ?? element.textContent).trim().slice(0, 40);
      found.push(`'${name}' reaches ${String(Math.round(box.right - width))} px past the screen's edge`);
    }
    return found;
  }, controlSelector);
}

async function settle(page: Page): Promise<void> {
  // Fonts and the last layout (and the drawer's slide) are done.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

interface Screens {
  readonly problems: string[];
}

/** Visits the main screens as `account` in `language` at `width`, noting what is wrong where. */
async function checkScreens(
  account: Account,
  language: Language,
  width: number,
  options: { readonly panelOnly?: boolean } = {},
): Promise<Screens> {
  const { context, page } = await e2e.phone();
  await page.setViewportSize({ width, height: 844 });
  await context.addInitScript((value: string) => {
    localStorage.setItem("language", value);
  }, language);
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

  const [video] = (await api.substance.getVideoList({ price: PriceFilter.free, size: 1 })).records;
  if (video === undefined) throw new Error("the seed has no free video");
  await page.goto(`/videoview?id=${video.id}`);
  await page.locator("video").waitFor();
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
