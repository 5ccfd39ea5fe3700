/** The side of the square an avatar is cut to before it is sent. */
export const AVATAR_SIZE = 512;

/** The most the crop zooms in: the picture's shorter side at four times the round crop. */
export const MAX_ZOOM = 4;

/**
 * How the picture sits in the round crop. The crop's side is 1: at `zoom` 1 the picture's shorter
 * side fills it; `x`, `y` move the picture's centre from the crop's centre, in crop sides.
 */
export interface CropView {
  readonly zoom: number;
  readonly x: number;
  readonly y: number;
}

export const centred: CropView = { zoom: 1, x: 0, y: 0 };

/** The picture's size in crop sides at this zoom (the shorter side is `zoom`). */
export function shownSize(view: CropView, width: number, height: number) {
  const side = Math.min(width, height);
  return { width: (width / side) * view.zoom, height: (height / side) * view.zoom };
}

/** The view with the zoom within 1…MAX_ZOOM and the picture moved no further than covers the crop. */
export function clampView(view: CropView, width: number, height: number): CropView {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, Number.isFinite(view.zoom) ? view.zoom : 1));
  const size = shownSize({ ...view, zoom }, width, height);
  const limit = (value: number, room: number) => Math.min(room, Math.max(-room, value));
  return { zoom, x: limit(view.x, (size.width - 1) / 2), y: limit(view.y, (size.height - 1) / 2) };
}

/** Moved by `dx`, `dy` crop sides (a drag, an arrow key), kept covering the crop. */
export function moveView(view: CropView, dx: number, dy: number, width: number, height: number): CropView {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, width, height);
}

/** Zoomed to `zoom` about the crop's centre (what is in the middle stays there), kept covering. */
export function zoomView(view: CropView, zoom: number, width: number, height: number): CropView {
  const to = clampView({ ...view, zoom }, width, height).zoom;
  const ratio = to / view.zoom;
  return clampView({ zoom: to, x: view.x * ratio, y: view.y * ratio }, width, height);
}

/**
 * The square of the picture (in its own pixels) that the crop shows: the part that is saved. At
 * the centred view, the centred square as large as the shorter side allows.
 */
export function sourceRect(view: CropView, width: number, height: number) {
  const shown = clampView(view, width, height);
  const side = Math.min(width, height) / shown.zoom;
  // One crop side is `side` of the picture's pixels.
  const centreX = width / 2 - shown.x * side;
  const centreY = height / 2 - shown.y * side;
  return { x: centreX - side / 2, y: centreY - side / 2, side };
}

/** The square an image is cut to: its centre, as large as its shorter side allows. */
export function centredSquare(width: number, height: number) {
  const { x, y, side } = sourceRect(centred, width, height);
  return { x: Math.round(x), y: Math.round(y), side };
}

function decode(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      resolve(image);
    };
    image.onerror = () => {
      reject(new Error("the picture could not be read"));
    };
    image.src = url;
  }).finally(() => {
    URL.revokeObjectURL(url);
  });
}

/**
 * A picture cut to the square the crop shows (`view`; centred by default) and drawn at `size` ×
 * `size` (PNG when the picture was a PNG, which may be transparent; JPEG otherwise). Rejects when
 * the browser cannot read the picture.
 */
export async function cropToSquare(
  file: Blob,
  view: CropView = centred,
  size: number = AVATAR_SIZE,
): Promise<Blob> {
  const image = await decode(file);
  if (Math.min(image.naturalWidth, image.naturalHeight) <= 0) throw new Error("the picture is empty");
  const { x, y, side } = sourceRect(view, image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("no canvas");
  const type = file.type === "image/png" ? "image/png" : "image/jpeg";
  if (type === "image/jpeg") {
    // JPEG has no transparency: what was transparent becomes white, not black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, size, size);
  }
  context.imageSmoothingQuality = "high";
  context.drawImage(image, x, y, side, side, 0, 0, size, size);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob === null) reject(new Error("the picture could not be encoded"));
        else resolve(blob);
      },
      type,
      0.9,
    );
  });
}
