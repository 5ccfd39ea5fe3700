import { crc32, deflateSync } from "node:zlib";

/**
 * The app's install icons, drawn at build time from the logo's two shapes (public/logo.svg: a
 * rounded square in the brand red, a white play triangle; 64 × 64 units) and written as PNG, so the
 * repository keeps no generated pictures. `maskable`: the red fills the whole square and the
 * triangle sits inside the central safe zone (a launcher may cut the icon to a circle).
 */
export function drawIcon(size: number, maskable = false): Buffer {
  const samples = 4; // 4 × 4 samples per pixel: smooth edges
  const scale = size / 64;
  const radius = maskable ? 0 : 14;
  // The triangle M25 19 v26 l20 -13 z, shrunk to 70 % around the centre when maskable.
  const shrink = maskable ? 0.7 : 1;
  const at = (x: number, y: number) => [32 + (x - 32) * shrink, 32 + (y - 32) * shrink] as const;
  const [ax, ay] = at(25, 19);
  const [bx, by] = at(25, 45);
  const [cx, cy] = at(45, 32);
  const side = (px: number, py: number, x1: number, y1: number, x2: number, y2: number) =>
    (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1);
  const inTriangle = (x: number, y: number) => {
    const d1 = side(x, y, ax, ay, bx, by);
    const d2 = side(x, y, bx, by, cx, cy);
    const d3 = side(x, y, cx, cy, ax, ay);
    return (d1 <= 0 && d2 <= 0 && d3 <= 0) || (d1 >= 0 && d2 >= 0 && d3 >= 0);
  };
  const inSquare = (x: number, y: number) => {
    if (radius === 0) return true;
    const dx = Math.max(radius - x, 0, x - (64 - radius));
    const dy = Math.max(radius - y, 0, y - (64 - radius));
    return dx * dx + dy * dy <= radius * radius;
  };
  const red = [0xff, 0x4f, 0x6d];
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px += 1) {
      let square = 0;
      let white = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = (px + (sx + 0.5) / samples) / scale;
          const y = (py + (sy + 0.5) / samples) / scale;
          if (!inSquare(x, y)) continue;
          square += 1;
          if (inTriangle(x, y)) white += 1;
        }
      }
      const total = samples * samples;
      const alpha = square / total;
      const mix = square === 0 ? 0 : white / square;
      const offset = 1 + px * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        row[offset + channel] = Math.round((red[channel] ?? 0) * (1 - mix) + 255 * mix);
      }
      row[offset + 3] = Math.round(alpha * 255);
    }
    rows.push(row);
  }
  return png(size, size, Buffer.concat(rows));
}

/** A PNG file of 8-bit RGBA scanlines (each already led by its filter byte). */
function png(width: number, height: number, scanlines: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(scanlines, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
