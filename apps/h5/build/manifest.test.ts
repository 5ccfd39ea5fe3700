import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { drawIcon } from "./icons";
import { icons, manifestLocales, webManifest } from "./manifest";

describe("the web app manifests", () => {
  it("are whole in both languages, with what Chromium's installability check asks", () => {
    const [zh, en] = manifestLocales.map(webManifest);
    expect(zh?.lang).toBe("zh-CN");
    expect(en?.lang).toBe("en-US");
    expect(zh?.name).toMatch(/[\u4e00-\u9fff]/);
    expect(en?.name).not.toMatch(/[\u4e00-\u9fff]/);
    expect(en?.description).not.toMatch(/[\u4e00-\u9fff]/);
    for (const manifest of [zh, en]) {
      expect(manifest).toMatchObject({ display: "standalone", start_url: "/", theme_color: "#111216" });
      expect(manifest?.short_name.length).toBeLessThanOrEqual(12);
      const sizes = manifest?.icons.filter((icon) => icon.purpose === "any").map((icon) => icon.sizes);
      expect(sizes).toEqual(["192x192", "512x512"]);
    }
  });
});

describe("the install icons", () => {
  // Drawing the three icons (16 samples a pixel) takes 0.35 s alone, but over 5 s with coverage's
  // block counters on a loaded 2-core machine (it timed out there): a longer limit, not fewer checks.
  it(
    "are PNGs of their size: the brand red at a corner (clear when rounded), white inside",
    { timeout: 30_000 },
    () => {
      for (const { size, maskable } of icons) {
        const file = drawIcon(size, maskable);
        expect(file.subarray(1, 4).toString("ascii")).toBe("PNG");
        expect(file.readUInt32BE(16)).toBe(size);
        expect(file.readUInt32BE(20)).toBe(size);
        const idat = file.indexOf("IDAT");
        const length = file.readUInt32BE(idat - 4);
        const pixels = inflateSync(file.subarray(idat + 4, idat + 4 + length));
        const pixel = (x: number, y: number) => {
          const offset = y * (1 + size * 4) + 1 + x * 4;
          return [...pixels.subarray(offset, offset + 4)];
        };
        // The corner: transparent on the rounded icon, red on the maskable one (full bleed).
        expect(pixel(0, 0)).toEqual(maskable ? [0xff, 0x4f, 0x6d, 255] : [0xff, 0x4f, 0x6d, 0]);
        // Inside the triangle (a little right of the centre): white. Near the top edge: red.
        expect(pixel(Math.round(size * 0.5), Math.round(size * 0.5))).toEqual([255, 255, 255, 255]);
        expect(pixel(Math.round(size * 0.5), Math.round(size * 0.1))).toEqual([0xff, 0x4f, 0x6d, 255]);
      }
    },
  );
});
