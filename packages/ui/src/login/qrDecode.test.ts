import { describe, expect, it, vi } from "vitest";
import { centreCrop, decodeQrImage, decodeQrImageData } from "./qrDecode";
import type { ImageDataLike } from "./qrDecode";

/**
 * A real QR code (version 1-L, byte mode, mask 0) holding "ID-110101", module by module: made once
 * by hand with the ISO 18004 steps, so the test needs no encoder package.
 */
const idCardQr = [
  "#######..#.##.#######",
  "#.....#..###..#.....#",
  "#.###.#.##.##.#.###.#",
  "#.###.#..#.#..#.###.#",
  "#.###.#...#.#.#.###.#",
  "#.....#.....#.#.....#",
  "#######.#.#.#.#######",
  "........##.##........",
  "###.########.##...#..",
  "##...#....#..#..#..#.",
  "####.##.#.#.#.#.#.###",
  "#.#..#..#.#..#...#...",
  ".###..#.###.##..#....",
  "........##.#.#..#.##.",
  "#######.##.#.##.#####",
  "#.....#.##.###.#.#...",
  "#.###.#.##.#..#.##...",
  "#.###.#...#...#.##.#.",
  "#.###.#.##..#...###.#",
  "#.....#.###...#..#.#.",
  "#######.###.#.#.##.##",
];

/** Draws module rows as RGBA pixels: `scale` px a module, a 4-module white margin. */
function pixelsOf(rows: readonly string[], scale = 4): ImageDataLike {
  const quiet = 4;
  const n = rows.length;
  const size = (n + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (row[x] !== "#") continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + quiet) * scale + dy) * size + (x + quiet) * scale + dx) * 4;
          data[at] = 0;
          data[at + 1] = 0;
          data[at + 2] = 0;
        }
    }
  });
  return { data, width: size, height: size };
}

function blank(size = 120): ImageDataLike {
  return { data: new Uint8ClampedArray(size * size * 4).fill(255), width: size, height: size };
}

describe("decodeQrImageData (jsqr, loaded on demand)", () => {
  it("reads the text of a QR code", async () => {
    await expect(decodeQrImageData(pixelsOf(idCardQr))).resolves.toBe("ID-110101");
  });

  it("reads an inverted code too (light modules on dark)", async () => {
    const image = pixelsOf(idCardQr);
    const inverted = image.data.map((value, i) => (i % 4 === 3 ? value : 255 - value));
    await expect(decodeQrImageData({ ...image, data: inverted })).resolves.toBe("ID-110101");
  });

  it("gives null for an image without a code, or an empty one", async () => {
    await expect(decodeQrImageData(blank())).resolves.toBeNull();
    await expect(
      decodeQrImageData({ data: new Uint8ClampedArray(0), width: 0, height: 0 }),
    ).resolves.toBeNull();
  });
});

describe("decodeQrImage (album images)", () => {
  const png = new File([new Uint8Array([137, 80, 78, 71])], "card.png", { type: "image/png" });

  it("decodes the pixels read from an image file", async () => {
    const read = vi.fn(() => Promise.resolve(pixelsOf(idCardQr)));
    await expect(decodeQrImage(png, { read })).resolves.toBe("ID-110101");
    expect(read).toHaveBeenCalledWith(png);
  });

  it("gives null when the image holds no code, cannot be read, or is not an image", async () => {
    await expect(decodeQrImage(png, { read: () => Promise.resolve(blank()) })).resolves.toBeNull();
    await expect(
      decodeQrImage(png, { read: () => Promise.reject(new Error("corrupt")) }),
    ).resolves.toBeNull();
    await expect(decodeQrImage(png, { read: () => Promise.resolve(null) })).resolves.toBeNull();
    const read = vi.fn(() => Promise.resolve(pixelsOf(idCardQr)));
    const text = new File(["ID-110101"], "card.txt", { type: "text/plain" });
    const svg = new Blob(["<svg/>"], { type: "image/svg+xml" });
    await expect(decodeQrImage(text, { read })).resolves.toBeNull();
    await expect(decodeQrImage(svg, { read })).resolves.toBeNull();
    expect(read).not.toHaveBeenCalled();
  });

  it("reads nothing in jsdom by default (no canvas), without throwing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(decodeQrImage(png)).resolves.toBeNull();
    error.mockRestore();
  });
});

describe("centreCrop", () => {
  it("takes the 300 px box in the middle of a frame shown at its own size", () => {
    expect(centreCrop(640, 800)).toEqual({ x: 170, y: 250, size: 300 });
  });

  it("scales the box to frame pixels when the frame is shown covering a smaller view", () => {
    // A 720 × 900 frame covering a 360 × 450 view: 2 frame pixels per CSS pixel.
    expect(centreCrop(720, 900, 360, 450, 300)).toEqual({ x: 60, y: 150, size: 600 });
  });

  it("never exceeds the frame", () => {
    expect(centreCrop(200, 240)).toEqual({ x: 0, y: 20, size: 200 });
  });
});
