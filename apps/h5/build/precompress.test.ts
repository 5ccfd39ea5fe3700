import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressedCopies, precompressFolder } from "./precompress";

describe("the build's compressed copies", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it("are the same bytes in brotli and gzip, and smaller than the file", () => {
    const script = Buffer.from(`export const words = "${"视频 platform ".repeat(500)}";\n`);
    const { br, gz } = compressedCopies(script);
    expect(brotliDecompressSync(br).equals(script)).toBe(true);
    expect(gunzipSync(gz).equals(script)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(script.length / 10);
  });

  it("are written beside every file that compresses, and only those", () => {
    const dist = mkdtempSync(join(tmpdir(), "h5-precompress-"));
    folders.push(dist);
    mkdirSync(join(dist, "assets"));
    mkdirSync(join(dist, ".vite"));
    const text = (what: string) => `/* ${what} */ ${"const a = 1; ".repeat(400)}`;
    const files = {
      "sw.js": text("worker"),
      "assets/app-1.js": text("script"),
      "assets/app-1.css": text("style").replace(/const/g, "color"),
      "assets/app-1.js.map": text("map"),
      "assets/tiny-2.js": "export {};",
      "assets/cover.png": text("picture"),
      "index.html": text("page"),
      ".vite/manifest.json": text("manifest"),
      "manifest.en-US.webmanifest": text("manifest"),
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dist, name), body);
    // Random bytes do not compress: no copy larger than the file.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 256));
    writeFileSync(join(dist, "assets/noise.svg"), noise);

    expect(precompressFolder(dist)).toBe(5);
    for (const name of ["sw.js", "assets/app-1.js", "assets/app-1.css", "manifest.en-US.webmanifest"]) {
      const body = readFileSync(join(dist, name));
      expect(brotliDecompressSync(readFileSync(join(dist, `${name}.br`))).equals(body), name).toBe(true);
      expect(gunzipSync(readFileSync(join(dist, `${name}.gz`))).equals(body), name).toBe(true);
    }
    // Not the maps (DevTools only), a file under 1 KB, a picture, the page the server rewrites,
    // Vite's own records.
    for (const name of [
      "assets/app-1.js.map",
      "assets/tiny-2.js",
      "assets/cover.png",
      "index.html",
      ".vite/manifest.json",
    ]) {
      expect(existsSync(join(dist, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dist, `${name}.gz`)), name).toBe(false);
    }
    const noiseCopies = ["br", "gz"].filter((kind) => existsSync(join(dist, `assets/noise.svg.${kind}`)));
    for (const kind of noiseCopies) {
      expect(readFileSync(join(dist, `assets/noise.svg.${kind}`)).length).toBeLessThan(noise.length);
    }
  });
});
