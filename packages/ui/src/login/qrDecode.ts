import { validateImageFile } from "@platform/domain";
import type jsQRFunction from "jsqr";
import { qrScanner } from "../presentation";

/** Pixels as a canvas gives them: RGBA bytes, row by row. `ImageData` is one. */
export interface ImageDataLike {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

type JsQr = typeof jsQRFunction;

let jsQrLoading: Promise<JsQr> | null = null;

/**
 * jsqr, loaded on first use only (a separate chunk: the home screen never downloads it). The
 * package is CommonJS with an `__esModule` default, so the function is at `.default` under the
 * bundler and at `.default.default` under plain Node.
 */
export function loadJsQr(): Promise<JsQr> {
  jsQrLoading ??= import("jsqr").then((module) => {
    const first: unknown = module.default;
    const fn =
      typeof first === "function" ? first : (first as { readonly default?: unknown } | null)?.default;
    if (typeof fn !== "function") throw new Error("jsqr did not load");
    return fn as JsQr;
  });
  jsQrLoading.catch(() => {
    jsQrLoading = null;
  });
  return jsQrLoading;
}

/** The text of the QR code in these pixels, or null when none is found (or it holds no text). */
export async function decodeQrImageData(image: ImageDataLike): Promise<string | null> {
  if (image.width <= 0 || image.height <= 0) return null;
  const jsQR = await loadJsQr();
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
  return found === null || found.data === "" ? null : found.data;
}

/** A rectangle in a video frame's own pixels. */
export interface Crop {
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

/**
 * The part of a video frame under the scanner's centred guide box (`qrScanner.boxSize` CSS px),
 * when the frame (videoWidth × videoHeight) is shown in a view of viewWidth × viewHeight with
 * `object-fit: cover`. Without a view size the box is taken in frame pixels. Never larger than the
 * frame.
 */
export function centreCrop(
  videoWidth: number,
  videoHeight: number,
  viewWidth = 0,
  viewHeight = 0,
  box: number = qrScanner.boxSize,
): Crop {
  const scale =
    viewWidth > 0 && viewHeight > 0 ? Math.max(viewWidth / videoWidth, viewHeight / videoHeight) : 1;
  const size = Math.max(1, Math.floor(Math.min(box / scale, videoWidth, videoHeight)));
  return {
    x: Math.floor((videoWidth - size) / 2),
    y: Math.floor((videoHeight - size) / 2),
    size,
  };
}

/** Longest side an album image is decoded at: enough for a QR code, cheap on a phone. */
const albumMaxSide = 1280;

/** Draws an image file onto a canvas and reads its pixels (null when the browser cannot). */
export async function imageDataOfFile(file: Blob): Promise<ImageDataLike | null> {
  if (typeof document === "undefined") return null;
  let source: CanvasImageSource;
  let width: number;
  let height: number;
  let release = (): void => undefined;
  if (typeof createImageBitmap === "function") {
    const bitmap = await createImageBitmap(file);
    source = bitmap;
    width = bitmap.width;
    height = bitmap.height;
    release = () => {
      bitmap.close();
    };
  } else {
    const url = URL.createObjectURL(file);
    const image = new Image();
    try {
      image.src = url;
      await image.decode();
    } finally {
      URL.revokeObjectURL(url);
    }
    source = image;
    width = image.naturalWidth;
    height = image.naturalHeight;
  }
  try {
    if (width === 0 || height === 0) return null;
    const scale = Math.min(1, albumMaxSide / Math.max(width, height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (context === null) return null;
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    return context.getImageData(0, 0, canvas.width, canvas.height);
  } finally {
    release();
  }
}

export interface DecodeQrImageOptions {
  /** How pixels are read from the file (default: a canvas); tests pass their own. */
  readonly read?: (file: Blob) => Promise<ImageDataLike | null>;
}

/**
 * The text of the QR code in an album image, or null when the file is not an image (domain
 * `validateImageFile`: SVG is refused), cannot be read, or holds no readable code. jsqr is loaded
 * only now.
 */
export async function decodeQrImage(
  file: File | Blob,
  options: DecodeQrImageOptions = {},
): Promise<string | null> {
  const name = "name" in file && typeof file.name === "string" ? file.name : "";
  if (validateImageFile({ type: file.type, name }) !== null) return null;
  let pixels: ImageDataLike | null;
  try {
    pixels = await (options.read ?? imageDataOfFile)(file);
  } catch {
    return null;
  }
  return pixels === null ? null : decodeQrImageData(pixels);
}
