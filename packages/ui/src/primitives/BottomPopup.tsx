import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { ReactNode } from "react";
import { IconButton } from "./IconButton";
import { Layer } from "./Layer";
import { useModal } from "./useModal";
import "./BottomPopup.css";

export interface BottomPopupProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title?: ReactNode;
  readonly children: ReactNode;
  /** Show the close icon in the title bar (default true). */
  readonly closable?: boolean;
  /** An accessible name when there is no visible title. */
  readonly label?: string;
}

/** A sheet that rises from the bottom (popups: buy video, trial ended, login, comments). */
export function BottomPopup({ open, onClose, title, children, closable = true, label }: BottomPopupProps) {
  const { t } = useLingui();
  const ref = useModal(open, onClose);
  const titleId = useId();
  if (!open) return null;
  return (
    <Layer>
      <div className="pf-overlay pf-bottom-popup__overlay" onClick={onClose} data-testid="overlay" />
      <div
        ref={ref}
        className="pf-bottom-popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title === undefined ? undefined : titleId}
        aria-label={title === undefined ? label : undefined}
        tabIndex={-1}
      >
        {title === undefined && !closable ? null : (
          <div className="pf-bottom-popup__head">
            <h2 id={titleId} className="pf-bottom-popup__title">
              {title}
            </h2>
            {closable ? <IconButton icon="close" label={t`关闭`} onClick={onClose} /> : null}
          </div>
        )}
        <div className="pf-bottom-popup__body">{children}</div>
      </div>
    </Layer>
  );
}
