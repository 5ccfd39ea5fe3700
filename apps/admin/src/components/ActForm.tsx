import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { ReactNode } from "react";
import { useErrorText } from "../app/errors";

export interface ActFormProps {
  /** What the button says (approve, ban, …). */
  readonly label: string;
  /** Ask for the operator's reason (kept in the audit log; some are said to the person). */
  readonly needsReason?: boolean;
  readonly reasonLabel?: string;
  readonly tone?: "primary" | "danger";
  readonly children?: ReactNode;
  /** Do it; a refusal is shown beside the button, in the operator's language. */
  readonly act: (reason: string) => Promise<unknown>;
  /** After it was done. */
  readonly onDone?: () => void;
}

/**
 * One operator act: a reason field when it needs one (one line, 1–200 characters), the button,
 * "working…" while it runs (pressed once), and the server's refusal shown in place.
 */
export function ActForm({
  label,
  needsReason,
  reasonLabel,
  tone = "primary",
  children,
  act,
  onDone,
}: ActFormProps) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const tooLong = Array.from(reason).length > 200;
  const ready = !busy && (!needsReason || (reason.trim() !== "" && !tooLong));
  return (
    <form
      className="ad-act"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        setBusy(true);
        setError(null);
        act(reason.trim()).then(
          () => {
            setBusy(false);
            setReason("");
            onDone?.();
          },
          (caught: unknown) => {
            setBusy(false);
            setError(errorText(caught));
          },
        );
      }}
    >
      {children}
      {needsReason ? (
        <label className="ad-field" htmlFor={fieldId}>
          <span>{reasonLabel ?? t`原因（记入审计日志）`}</span>
          <input
            id={fieldId}
            value={reason}
            maxLength={400}
            aria-invalid={tooLong}
            aria-describedby={error === null ? undefined : errorId}
            onChange={(event) => {
              setReason(event.target.value);
            }}
          />
        </label>
      ) : null}
      <button type="submit" className={`ad-button ad-button--${tone}`} disabled={!ready} aria-busy={busy}>
        {busy ? t`处理中…` : label}
      </button>
      {tooLong ? <p className="ad-error">{t`原因最多 200 个字`}</p> : null}
      {error === null ? null : (
        <p id={errorId} className="ad-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
