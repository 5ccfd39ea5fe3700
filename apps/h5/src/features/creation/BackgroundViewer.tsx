import { useLingui } from "@lingui/react/macro";
import { IconButton, Layer, useModal } from "@platform/ui";

/** 'View image': the current background full screen, closed by its button, a tap or Escape. */
export function BackgroundViewer({
  url,
  onClose,
}: {
  /** The picture; `null` is closed. */
  readonly url: string | null;
  readonly onClose: () => void;
}) {
  const { t } = useLingui();
  const open = url !== null;
  const ref = useModal(open, onClose);
  if (!open) return null;
  return (
    <Layer>
      <div
        ref={ref}
        className="h5-bg-viewer"
        role="dialog"
        aria-modal="true"
        aria-label={t`背景图片`}
        tabIndex={-1}
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <img className="h5-bg-viewer__image" src={url} alt={t`背景图片`} />
        <IconButton className="h5-bg-viewer__close" icon="close" label={t`关闭`} onClick={onClose} />
      </div>
    </Layer>
  );
}
