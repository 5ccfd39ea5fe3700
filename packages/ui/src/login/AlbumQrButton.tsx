import { useLingui } from "@lingui/react/macro";
import { validateImageFile } from "@platform/domain";
import { useRef, useState } from "react";
import type { ChangeEvent, ReactNode } from "react";
import { ImageFileInput } from "../common/ImageFileInput";
import { useMessageText } from "../i18n";
import { Icon } from "../icons/Icon";
import { Button } from "../primitives/Button";
import type { ButtonVariant } from "../primitives/Button";
import { useToast } from "../primitives/Toast";
import { decodeQrImage } from "./qrDecode";
import type { DecodeQrImageOptions } from "./qrDecode";

export interface AlbumQrButtonProps {
  /** The decoded QR text of the chosen image. */
  readonly onResult: (text: string) => void;
  /** How 'no QR code recognised' is told (spec §8: a browser alert). Default `window.alert`. */
  readonly alert?: (message: string) => void;
  /** How image pixels are read (tests). */
  readonly decodeOptions?: DecodeQrImageOptions;
  readonly variant?: ButtonVariant;
  readonly block?: boolean;
  readonly disabled?: boolean;
  /** The button's label (default 'choose from album'). */
  readonly children?: ReactNode;
}

/**
 * 'Choose from album': picks an image file (image files only, domain `validateImageFile`, else a
 * toast), decodes its QR code with jsqr loaded on demand, and alerts 'no QR code recognised' when
 * there is none.
 */
export function AlbumQrButton({
  onResult,
  alert,
  decodeOptions,
  variant = "secondary",
  block = false,
  disabled = false,
  children,
}: AlbumQrButtonProps) {
  const { t } = useLingui();
  const text = useMessageText();
  const toast = useToast();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const [decoding, setDecoding] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (file === undefined) return;
    const problem = validateImageFile(file);
    if (problem !== null) {
      toast.show(text(problem), { tone: "error" });
      return;
    }
    setDecoding(true);
    let result: string | null;
    try {
      result = await decodeQrImage(file, decodeOptions);
    } finally {
      setDecoding(false);
    }
    if (result === null) (alert ?? window.alert.bind(window))(t`未识别到二维码`);
    else onResult(result);
  };

  // The file input comes first: a modal's focus trap wraps at its last focusable element.
  return (
    <>
      <ImageFileInput
        ref={fileRef}
        testId="album-file"
        onChange={(event) => {
          void onFile(event);
        }}
      />
      <Button
        variant={variant}
        block={block}
        busy={decoding}
        disabled={disabled}
        onClick={() => fileRef.current?.click()}
      >
        <Icon name="image" />
        {children ?? t`从相册选择`}
      </Button>
    </>
  );
}
