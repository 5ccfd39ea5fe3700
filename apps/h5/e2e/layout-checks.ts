import type { Page } from "playwright-core";

// The layout checks of `layout.e2e.ts`, run in the page: overlapping controls, controls past the
// screen's edge, badges on two lines.

/** Everything a person can tap or type into (an element of these, inside one, is the same control). */
export const controlSelector = [
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
export function overlapsOnPage(page: Page): Promise<string[]> {
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
 * Controls that reach past the right edge of the screen (cut off: a price, a send button), unless
 * inside something that scrolls or clips sideways on purpose (a row of pictures).
 */
export function offScreen(page: Page): Promise<string[]> {
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

export async function settle(page: Page): Promise<void> {
  // Fonts and the last layout (and the drawer's slide) are done.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

/** Badges (当前, 沙盒, a plan's tag) drawn on more than one line, or narrower than their words. */
export function wrappedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".h5-trade-badge, .h5-trade-sandbox, [class*='badge'], [class*='tag']")]
      .filter((badge) => badge.checkVisibility() && badge.getClientRects().length > 0)
      .flatMap((badge) => {
        const lineHeight = parseFloat(getComputedStyle(badge).lineHeight) || 20;
        const box = badge.getBoundingClientRect();
        const cut = badge.scrollWidth > badge.clientWidth + 1;
        return box.height > lineHeight * 1.5 || cut
          ? [`badge '${badge.textContent.trim()}' wraps or is cut`]
          : [];
      }),
  );
}
