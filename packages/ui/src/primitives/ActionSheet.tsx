import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import type { CSSProperties, ReactNode } from "react";
import { ui } from "../presentation";
import { Layer } from "./Layer";
import { usePresence } from "./motion";
import { useModal } from "./useModal";
import "./ActionSheet.css";

export interface ActionSheetAction {
  readonly key: string;
  readonly label: ReactNode;
  readonly tone?: "default" | "danger";
  readonly onSelect: () => void;
}

export interface ActionSheetProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title?: ReactNode;
  readonly actions: readonly ActionSheetAction[];
  /** The last row's label (default 'cancel'). */
  readonly cancelLabel?: ReactNode;
  /** An accessible name when there is no title. */
  readonly label?: string;
}

/**
 * A list of choices rising from the bottom, a 'cancel' row always last (e.g. a comment's copy /
 * report / delete). Choosing calls the action's `onSelect`, then `onClose`, at once; the sheet
 * rises after the option-popup delay and lingers for its close delay only as a picture (inert and
 * hidden from assistive technology), so callers never wait for it.
 */
export function ActionSheet({ open, onClose, title, actions, cancelLabel, label }: ActionSheetProps) {
  const { mounted, exiting } = usePresence(open, ui.optionPopupCloseDelayMs);
  const ref = useModal(open, onClose);
  const titleId = useId();
  if (!mounted) return null;
  const timing = { "--pf-sheet-delay": `${String(ui.optionPopupDelayMs)}ms` } as CSSProperties;
  return (
    <Layer>
      <div
        className={`pf-action-sheet-layer${exiting ? " pf-action-sheet-layer--exiting" : ""}`}
        style={timing}
        aria-hidden={exiting || undefined}
        inert={exiting}
      >
        <div className="pf-overlay pf-action-sheet__overlay" onClick={exiting ? undefined : onClose} />
        <div
          ref={ref}
          className="pf-action-sheet"
          role={exiting ? undefined : "dialog"}
          aria-modal={exiting ? undefined : true}
          aria-labelledby={title === undefined ? undefined : titleId}
          aria-label={title === undefined ? label : undefined}
          tabIndex={-1}
        >
          {title === undefined ? null : (
            <div id={titleId} className="pf-action-sheet__title">
              {title}
            </div>
          )}
          <ul className="pf-action-sheet__list">
            {actions.map((action) => (
              <li key={action.key}>
                <button
                  type="button"
                  className={`pf-action-sheet__action${action.tone === "danger" ? " pf-action-sheet__action--danger" : ""}`}
                  onClick={() => {
                    action.onSelect();
                    onClose();
                  }}
                >
                  {action.label}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="pf-action-sheet__action pf-action-sheet__cancel" onClick={onClose}>
            {cancelLabel ?? <Trans>取消</Trans>}
          </button>
        </div>
      </div>
    </Layer>
  );
}
