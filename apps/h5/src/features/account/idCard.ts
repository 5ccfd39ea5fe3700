import { useEffect, useState } from "react";

/** How the card's QR image is drawn (spec §9: PNG, margin 2, 200 × 200). */
export const identityCardImage = { type: "image/png", margin: 2, width: 200 } as const;

/** The file name a saved card gets. */
export const identityCardFileName = "identity-card.png";

export type QrImage =
  | { readonly state: "drawing" }
  | { readonly state: "ready"; readonly url: string }
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
    let url: string | null = null;
    import("qrcode")
      .then((module) => module.default.toDataURL(text, identityCardImage))
      .then((dataUrl) => {
        if (cancelled) return;
        url = URL.createObjectURL(blobOfDataUrl(dataUrl));
        setDrawn({ text, image: { state: "ready", url } });
      })
      .catch(() => {
        if (!cancelled) setDrawn({ text, image: { state: "failed" } });
      });
    return () => {
      cancelled = true;
      if (url !== null) URL.revokeObjectURL(url);
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
