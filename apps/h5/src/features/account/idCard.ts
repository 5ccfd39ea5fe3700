import { useEffect, useState } from "react";

/** How the card's QR image is drawn (spec §9: PNG, margin 2, 200 × 200). */
export const identityCardImage = { type: "image/png", margin: 2, width: 200 } as const;

/**
 * How many device pixels the picture on screen has per CSS pixel: the screen's ratio rounded up,
 * at most 3. Shown 200 × 200 on a 2× or 3× phone, a 200-pixel picture is stretched and its modules
 * blur (harder for another phone's camera to read; Lighthouse's "image with appropriate
 * resolution"); the saved file stays spec §9's 200 × 200.
 */
export function screenScale(ratio: number = globalThis.devicePixelRatio): number {
  return Number.isFinite(ratio) && ratio > 1 ? Math.min(3, Math.ceil(ratio)) : 1;
}

/** The file name a saved card gets. */
export const identityCardFileName = "identity-card.png";

export type QrImage =
  | { readonly state: "drawing" }
  /** `url`: the picture shown (at the screen's scale); `fileUrl`: the 200 × 200 file to save. */
  | { readonly state: "ready"; readonly url: string; readonly fileUrl: string }
  | { readonly state: "failed" };

/** The picture behind a `data:` URL, as a Blob of its type. */
export function blobOfDataUrl(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(",");
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? "application/octet-stream";
  const bytes = Uint8Array.from(atob(dataUrl.slice(comma + 1)), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/**
 * A QR code holding `text` as a PNG (the `qrcode` package's `toDataURL`, loaded with the first card
 * shown: no other screen carries it), shown and saved through a `blob:` URL: the server's
 * Content-Security-Policy allows `blob:` images, not `data:` ones. Drawn again when the text
 * changes — never the old picture for a new text — and the URL is released when it is replaced.
 */
export function useQrImage(text: string | undefined): {
  readonly image: QrImage;
  readonly redraw: () => void;
} {
  const [drawn, setDrawn] = useState<{ readonly text: string; readonly image: QrImage } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (text === undefined) return undefined;
    let cancelled = false;
    const urls: string[] = [];
    const scale = screenScale();
    import("qrcode")
      .then(async ({ default: qr }) => {
        const shown = await qr.toDataURL(text, {
          ...identityCardImage,
          width: identityCardImage.width * scale,
        });
        // Each picture is built and encoded in one go on the main thread (≈ 30 ms each on this
        // machine, four times that on a slow phone): a task apiece, not one long one.
        if (scale !== 1) await new Promise((resolve) => setTimeout(resolve, 0));
        const file = scale === 1 ? shown : await qr.toDataURL(text, identityCardImage);
        if (cancelled) return;
        const fileUrl = URL.createObjectURL(blobOfDataUrl(file));
        const url = shown === file ? fileUrl : URL.createObjectURL(blobOfDataUrl(shown));
        urls.push(...new Set([url, fileUrl]));
        setDrawn({ text, image: { state: "ready", url, fileUrl } });
      })
      .catch(() => {
        if (!cancelled) setDrawn({ text, image: { state: "failed" } });
      });
    return () => {
      cancelled = true;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [text, attempt]);
  return {
    image: drawn !== null && drawn.text === text ? drawn.image : { state: "drawing" },
    redraw: () => {
      setDrawn(null);
      setAttempt((n) => n + 1);
    },
  };
}
