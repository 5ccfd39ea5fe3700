import { useLingui } from "@lingui/react/macro";
import { useId, useRef } from "react";
import type { ReactNode } from "react";
import { ImageFileInput } from "../common/ImageFileInput";
import { Button } from "../primitives/Button";
import { Spinner } from "../primitives/Skeleton";
import "./CoverPicker.css";

export interface CoverPickerProps {
  /** The chosen picture (an object URL while it uploads) or the video's cover; none: a placeholder. */
  readonly previewUrl?: string | null;
  /** A picture already sent whose preview is gone (a draft after a reload): its name is shown. */
  readonly fileName?: string | null;
  /** The picture is being sent. */
  readonly busy?: boolean;
  /** Why the picture was refused or its upload failed. */
  readonly error?: ReactNode;
  /** A picture chosen from the album (the caller checks its type and size). */
  readonly onPick: (file: File) => void;
  /** The hidden file input's `data-testid`. */
  readonly testId?: string;
}

/**
 * A video's cover: its preview (or a placeholder saying a frame of the video will be used), and a
 * button that opens the album — image files only (spec §5). Picking the same file again counts.
 */
export function CoverPicker({
  previewUrl,
  fileName,
  busy = false,
  error,
  onPick,
  testId = "cover-album",
}: CoverPickerProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  const hasPicture = previewUrl !== undefined && previewUrl !== null && previewUrl !== "";
  return (
    <div className="pf-cover-picker" role="group" aria-label={t`封面`} aria-describedby={hintId}>
      <div className="pf-cover-picker__frame">
        {hasPicture ? (
          <img className="pf-cover-picker__image" src={previewUrl} alt={t`封面预览`} />
        ) : fileName ? (
          <span className="pf-cover-picker__empty">{t`已选择 ${fileName}`}</span>
        ) : (
          <span className="pf-cover-picker__empty">{t`未选择封面`}</span>
        )}
        {busy ? (
          <span className="pf-cover-picker__busy" role="status">
            <Spinner size={16} /> {t`封面上传中…`}
          </span>
        ) : null}
      </div>
      <div className="pf-cover-picker__side">
        <p id={hintId} className="pf-cover-picker__hint">
          {t`从相册选择一张图片作为封面；不选时使用视频中的画面。`}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => {
            input.current?.click();
          }}
        >
          {hasPicture || fileName ? t`更换封面` : t`选择封面`}
        </Button>
        {hasError ? (
          <p className="pf-cover-picker__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <ImageFileInput
        ref={input}
        testId={testId}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that choosing the same picture again is a change too.
          event.currentTarget.value = "";
          if (file !== undefined) onPick(file);
        }}
      />
    </div>
  );
}
