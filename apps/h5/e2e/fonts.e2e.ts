import { describe, expect, it } from "vitest";
import { e2eBrowser } from "./browser";

const e2e = e2eBrowser();

declare global {
  interface Window {
    /** The RGBA bytes of `text` drawn at 32 px in the app's font stack on a 48 × 48 canvas. */
    pfDrawText?: (text: string) => number[];
  }
}

/**
 * /login open, the app's font stack (of its root element) loaded for `sample`, and `pfDrawText` put
 * in the page to draw characters in it; returns the page and the stack.
 */
async function loginWithDrawing(sample: string) {
  const { page } = await e2e.phone();
  await page.goto("/login");
  // The app's root element carries the font stack.
  await expect.poll(() => page.locator(".pf-root").count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const family = await page.evaluate(async (characters) => {
    const root = document.querySelector(".pf-root");
    if (root === null) throw new Error("no .pf-root");
    const stack = getComputedStyle(root).fontFamily;
    const font = `32px ${stack}`;
    await document.fonts.load(font, characters);
    window.pfDrawText = (text) => {
      const canvas = document.createElement("canvas");
      canvas.width = 48;
      canvas.height = 48;
      const context = canvas.getContext("2d");
      if (context === null) throw new Error("no 2d context");
      context.font = font;
      context.textBaseline = "top";
      context.fillStyle = "#000";
      context.fillText(text, 4, 4);
      return Array.from(context.getImageData(0, 0, 48, 48).data);
    };
    return stack;
  }, sample);
  return { page, family };
}

/**
 * Chinese must be drawn with real glyphs, not the missing-glyph box ("tofu"), in the Chromium the
 * journeys and Storybook snapshots use: a CJK font comes with scripts/apt-packages.txt and the
 * app's font stack (packages/ui/src/styles/index.css) names it.
 */
describe("Chinese text in Chromium", () => {
  it("draws 钱 and 包 in the app's font as two different glyphs, neither the missing-glyph box", async () => {
    const { page, family } = await loginWithDrawing("钱包");
    const drawn = await page.evaluate((stack) => {
      const draw = window.pfDrawText;
      if (draw === undefined) throw new Error("no pfDrawText");
      /** The pixels of one character drawn alone, as text (one string per row's alpha). */
      const pixels = (text: string): string =>
        draw(text)
          .filter((_, i) => i % 4 === 3)
          .join(",");
      const font = `32px ${stack}`;
      const measure = (text: string): number => {
        const canvas = document.createElement("canvas").getContext("2d");
        if (canvas === null) throw new Error("no 2d context");
        canvas.font = font;
        return canvas.measureText(text).width;
      };
      return {
        family: stack,
        qian: pixels("钱"),
        bao: pixels("包"),
        // A private-use character of plane 16: no font has it, so this is the missing-glyph box.
        tofu: pixels("\u{10FFFD}"),
        widthWallet: measure("钱包"),
        widthTofu: measure("\u{10FFFD}\u{10FFFD}"),
      };
    }, family);
    // Something was drawn at all.
    expect(drawn.qian.split(",").some((alpha) => alpha !== "0")).toBe(true);
    // With no CJK font, every Chinese character is the same box: two characters draw alike.
    expect(drawn.qian, `钱 and 包 drew the same glyph in ${drawn.family}`).not.toBe(drawn.bao);
    expect(drawn.qian, `钱 drew as the missing-glyph box in ${drawn.family}`).not.toBe(drawn.tofu);
    expect(drawn.bao, `包 drew as the missing-glyph box in ${drawn.family}`).not.toBe(drawn.tofu);
    // A CJK glyph is a full em wide (2 × 32 px); boxes are narrower.
    expect(drawn.widthWallet).toBeGreaterThanOrEqual(60);
    expect(drawn.widthWallet).not.toBe(drawn.widthTofu);
  });

  it("renders the login screen's Chinese with a CJK system font", async () => {
    const { page } = await e2e.phone();
    await page.goto("/login");
    const heading = page.getByRole("button").first();
    await expect.poll(() => heading.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The fonts Chromium actually used for the node's text (DevTools protocol).
    const session = await page.context().newCDPSession(page);
    await session.send("DOM.enable");
    await session.send("CSS.enable");
    const { root } = await session.send("DOM.getDocument", { depth: -1 });
    const { nodeIds } = await session.send("DOM.querySelectorAll", {
      nodeId: root.nodeId,
      selector: "label, h1, h2, button",
    });
    const families = new Set<string>();
    for (const nodeId of nodeIds) {
      const { fonts } = await session.send("CSS.getPlatformFontsForNode", { nodeId });
      for (const font of fonts) families.add(font.familyName);
    }
    await session.detach();
    expect([...families].join(", ")).toMatch(/CJK|WenQuanYi|Source Han|Noto Sans SC|PingFang|YaHei/i);
  });

  it("draws an emoji with the colour emoji font of the app's font stack, not the missing-glyph box", async () => {
    const { page, family } = await loginWithDrawing("😀🎉");
    const drawn = await page.evaluate((stack) => {
      const draw = window.pfDrawText;
      if (draw === undefined) throw new Error("no pfDrawText");
      const pixelsOf = (text: string) => ({ pixels: draw(text).join(",") });
      return { family: stack, smile: pixelsOf("😀"), party: pixelsOf("🎉"), tofu: pixelsOf("\u{10FFFD}") };
    }, family);
    expect(drawn.family).toMatch(/Noto Color Emoji/);
    expect(drawn.smile.pixels, `😀 drew as the missing-glyph box in ${drawn.family}`).not.toBe(
      drawn.tofu.pixels,
    );
    expect(drawn.smile.pixels).not.toBe(drawn.party.pixels);
    // The font Chromium actually used for an emoji in the page (DevTools protocol): the colour one.
    await page.evaluate(() => {
      const span = document.createElement("span");
      span.id = "emoji-probe";
      span.textContent = "😀🎉";
      document.querySelector(".pf-root")?.appendChild(span);
    });
    const session = await page.context().newCDPSession(page);
    await session.send("DOM.enable");
    await session.send("CSS.enable");
    const { root } = await session.send("DOM.getDocument", { depth: -1 });
    const { nodeId } = await session.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: "#emoji-probe",
    });
    const { fonts } = await session.send("CSS.getPlatformFontsForNode", { nodeId });
    await session.detach();
    expect(fonts.map((font) => font.familyName).join(", ")).toMatch(/Color Emoji|Segoe UI Emoji/);
  });
});
