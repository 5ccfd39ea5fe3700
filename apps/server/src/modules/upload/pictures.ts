/**
 * Pictures are pictures (Step 18): an upload of kind PICTURE is decided by its bytes, not by the
 * type its sender named, and what is stored and served is sharp's re-encoding of it — metadata
 * (EXIF, GPS, comments, ICC profiles) stripped, turned upright by its EXIF orientation, its longest
 * side at most UPLOAD_PICTURE_MAX_SIDE — never the bytes that were sent. HTML, SVG, PDF or anything
 * else that is not a raster picture of an accepted format is refused.
 */
import sharp from "sharp";
import type { Sharp } from "sharp";

/**
 * The most pixels a sent picture may have to be read at all: a 10 MB PNG can declare billions (a
 * decompression bomb). 50 megapixels passes a 48-megapixel phone photo.
 */
export const PICTURE_MAX_INPUT_PIXELS = 50_000_000;

/** The formats sharp writes, by the type a picture is declared and served as. */
const outputs = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
} as const;

type Output = (typeof outputs)[keyof typeof outputs];

/** The formats a sent picture may be in, as sharp's metadata names them (AVIF is HEIF with AV1). */
const inputs: ReadonlySet<string> = new Set(["png", "jpeg", "webp", "gif", "heif"]);

/** Where a picture's bytes land before they are checked (never served; removed once checked). */
export function stagingKeyOf(key: string): string {
  return `incoming/${key}`;
}

function encode(image: Sharp, output: Output): Sharp {
  switch (output) {
    case "png":
      return image.png({ compressionLevel: 9 });
    case "jpeg":
      // JPEG has no transparency: what was transparent becomes white, not black.
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true });
    case "webp":
      return image.webp({ quality: 85 });
    case "gif":
      return image.gif();
    case "avif":
      return image.avif({ quality: 60, effort: 2 });
  }
}

/**
 * The stored form of a sent picture, as the type it was declared (a JPEG sent as `image/png` is
 * stored as a PNG, so what is served is what its type says); null when the bytes are not a
 * picture of an accepted format, or one too large to read.
 */
export async function reencodePicture(
  bytes: Buffer,
  contentType: string,
  maxSide: number,
): Promise<Buffer | null> {
  const output = (outputs as Readonly<Record<string, Output>>)[contentType];
  if (output === undefined) return null;
  const options = { limitInputPixels: PICTURE_MAX_INPUT_PIXELS, failOn: "error" } as const;
  try {
    const found = await sharp(bytes, options).metadata();
    if (!inputs.has(found.format)) return null;
    // HEIF is accepted as AVIF only (AV1), not as a phone's HEIC.
    if (found.format === "heif" && found.compression !== "av1") return null;
    // Animation survives where both ends have it (GIF, WebP); other pictures keep their first frame.
    const animated =
      (found.pages ?? 1) > 1 &&
      (found.format === "gif" || found.format === "webp") &&
      (output === "gif" || output === "webp");
    const image = sharp(bytes, { ...options, animated })
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
    return await encode(image, output).toBuffer();
  } catch {
    return null;
  }
}
