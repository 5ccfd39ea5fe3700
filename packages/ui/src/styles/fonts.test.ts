// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The app's base font stack: `--pf-font` in the styles every screen and layer uses. */
function fontStack(): string[] {
  const css = readFileSync(new URL("./index.css", import.meta.url), "utf8");
  const declaration = /--pf-font:\s*([^;]+);/.exec(css)?.[1];
  if (declaration === undefined) throw new Error("index.css declares no --pf-font");
  return declaration.split(",").map((family) => family.trim().replace(/^"|"$/g, ""));
}

describe("the font stack", () => {
  it("starts with the system UI fonts and names a CJK font for every platform, then sans-serif", () => {
    const stack = fontStack();
    expect(stack.slice(0, 2)).toEqual(["system-ui", "-apple-system"]);
    // iOS / macOS, Android and Linux (Noto Sans CJK is Android's; Debian's fonts-noto-cjk), Adobe's
    // name for the same font, Windows, and the small Linux fallback.
    for (const family of [
      "PingFang SC",
      "Hiragino Sans GB",
      "Noto Sans CJK SC",
      "Source Han Sans SC",
      "Microsoft YaHei",
      "WenQuanYi Micro Hei",
    ]) {
      expect(stack, family).toContain(family);
    }
    expect(stack.at(-1)).toBe("sans-serif");
  });

  it("asks for Noto Sans CJK before the Apple-only families (each missing one is a lookup on Linux)", () => {
    const stack = fontStack();
    const noto = stack.indexOf("Noto Sans CJK SC");
    expect(noto).toBe(2);
    for (const apple of ["PingFang SC", "Hiragino Sans GB"])
      expect(stack.indexOf(apple), apple).toBeGreaterThan(noto);
  });

  it("puts the Chinese fonts before any Latin-only family that could hold Chinese back", () => {
    const stack = fontStack();
    const lastCjk = Math.max(stack.indexOf("Noto Sans CJK SC"), stack.indexOf("Microsoft YaHei"));
    for (const latin of ["Segoe UI", "Roboto", "Helvetica Neue", "Arial"]) {
      const at = stack.indexOf(latin);
      if (at >= 0) expect(at, latin).toBeGreaterThan(lastCjk);
    }
  });
});
