/** The side of the square an avatar is cut to before it is sent. */
export const AVATAR_SIZE = 512;

/** The square an image is cut to: its centre, as large as its shorter side allows. */
export function centredSquare(width: number, height: number) {
  const side = Math.min(width, height);
  return { x: Math.round((width - side) / 2), y: Math.round((height - side) / 2), side };
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
 * A picture cut to its centred square and drawn at `size` × `size` (PNG when the picture was a PNG,
 * which may be transparent; JPEG otherwise). Rejects when the browser cannot read the picture.
 */
export async function cropToSquare(file: Blob, size: number = AVATAR_SIZE): Promise<Blob> {
  const image = await decode(file);
  const { x, y, side } = centredSquare(image.naturalWidth, image.naturalHeight);
  if (side <= 0) throw new Error("the picture is empty");
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
