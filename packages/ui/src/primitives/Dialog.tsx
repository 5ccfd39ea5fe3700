import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import type { ReactNode } from "react";
import { Button } from "./Button";
import { Layer } from "./Layer";
import { useModal } from "./useModal";
import "./Dialog.css";

export interface DialogProps {
  readonly open: boolean;
  readonly title?: ReactNode;
  readonly children?: ReactNode;
  /** The confirm button's label (default 'confirm'). */
  readonly confirmLabel?: ReactNode;
  /** The cancel button's label (default 'cancel'); `null` shows no cancel button. */
  readonly cancelLabel?: ReactNode | null;
  readonly onConfirm: () => void;
  /** Cancel, Escape and the overlay; without it, they confirm (a one-button notice). */
  readonly onCancel?: () => void;
  /** Confirming is in progress: the buttons wait. */
  readonly busy?: boolean;
  readonly tone?: "default" | "danger";
}

/** A centred modal dialog: a title, a message and one or two buttons. */
export function Dialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  tone = "default",
}: DialogProps) {
  const dismiss = onCancel ?? onConfirm;
  const ref = useModal(open, () => {
    if (!busy) dismiss();
  });
  const titleId = useId();
  const bodyId = useId();
  if (!open) return null;
  const showCancel = cancelLabel !== null && onCancel !== undefined;
  return (
    <Layer>
      <div
        className="pf-overlay pf-dialog__overlay"
        onClick={() => {
          if (!busy) dismiss();
        }}
      />
      <div
        ref={ref}
        className="pf-dialog"
        role={tone === "danger" ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={title === undefined ? undefined : titleId}
        aria-describedby={children === undefined ? undefined : bodyId}
        tabIndex={-1}
      >
        {title === undefined ? null : (
          <h2 id={titleId} className="pf-dialog__title">
            {title}
          </h2>
        )}
        {children === undefined ? null : (
          <div id={bodyId} className="pf-dialog__body">
            {children}
          </div>
        )}
        <div className="pf-dialog__actions">
          {showCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {cancelLabel ?? <Trans>取消</Trans>}
            </Button>
          ) : null}
          <Button
            variant={tone === "danger" ? "danger" : "primary"}
            onClick={onConfirm}
            busy={busy}
            data-autofocus
          >
            {confirmLabel ?? <Trans>确定</Trans>}
          </Button>
        </div>
      </div>
    </Layer>
  );
}

export interface TipDialogProps {
  readonly open: boolean;
  readonly children: ReactNode;
  readonly onConfirm: () => void;
  readonly onCancel?: () => void;
  readonly confirmLabel?: ReactNode;
}

/** The 'tip' dialog (spec §8: e.g. 'the current page has expired, please log in again'). */
export function TipDialog({ open, children, onConfirm, onCancel, confirmLabel }: TipDialogProps) {
  return (
    <Dialog
      open={open}
      title={<Trans>提示</Trans>}
      onConfirm={onConfirm}
      onCancel={onCancel}
      cancelLabel={onCancel === undefined ? null : undefined}
      confirmLabel={confirmLabel}
    >
      {children}
    </Dialog>
  );
}
