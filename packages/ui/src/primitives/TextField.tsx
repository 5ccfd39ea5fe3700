import { useLingui } from "@lingui/react/macro";
import { limits } from "@platform/domain";
import { useId, useState } from "react";
import type { ReactNode } from "react";
import { Icon } from "../icons/Icon";
import "./IconButton.css";
import "./TextField.css";

export type TextFieldKind = "text" | "tel" | "password" | "code" | "textarea";

export interface TextFieldProps {
  readonly label: ReactNode;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /**
   * tel: phone keypad, at most 11; code: digit keypad, 4 (the SMS code); password: a show/hide
   * toggle, never cut (the form checks its length and says the rule); textarea: several lines
   * with a counter.
   */
  readonly kind?: TextFieldKind;
  /** Overrides the kind's limit (spec §5/§9: limits in `@platform/domain`). */
  readonly maxLength?: number;
  /** The problem with the value (from the domain validators); the typed text stays as it is. */
  readonly error?: ReactNode;
  readonly hint?: ReactNode;
  readonly placeholder?: string;
  /** Something at the end of the box (a countdown button, a unit). */
  readonly trailing?: ReactNode;
  /** Show the count ('n/max' with a limit) under the box (default on for textarea). */
  readonly showCount?: boolean;
  readonly autoFocus?: boolean;
  readonly onFocus?: () => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly disabled?: boolean;
  readonly id?: string;
  /** Hide the visible label (it still names the box). */
  readonly hideLabel?: boolean;
  /** Rows of a textarea (default 4). */
  readonly rows?: number;
  /** Overrides the kind's keypad (e.g. "numeric" for the 6-digit password, "decimal" for amounts). */
  readonly inputMode?: "text" | "numeric" | "decimal" | "tel" | "email";
  /** Overrides the kind's autofill hint (e.g. "new-password" when registering). */
  readonly autoComplete?: string;
}

/** What each kind asks of the browser and of the limits. */
function kindDefaults(kind: TextFieldKind): {
  readonly maxLength?: number;
  readonly inputMode?: "tel" | "numeric" | "text";
  readonly autoComplete?: string;
} {
  switch (kind) {
    case "tel":
      return { maxLength: limits.phoneMaxLength, inputMode: "tel", autoComplete: "tel-national" };
    case "code":
      return { maxLength: limits.smsCodeLength, inputMode: "numeric", autoComplete: "one-time-code" };
    case "password":
      // No maxLength: a browser would cut a longer password silently (and a pasted one unseen);
      // the form says the 6-18 rule instead, so the person knows what they typed.
      return { autoComplete: "current-password" };
    default:
      return {};
  }
}

/** Characters as people count them (one Chinese character or emoji is one), as the validators do. */
function lengthOf(text: string): number {
  return Array.from(text).length;
}

/**
 * A labelled input (text, phone, code, password, several lines). Its error and hint are linked by
 * aria-describedby and aria-invalid; an error never clears what was typed.
 */
export function TextField({
  label,
  value,
  onChange,
  kind = "text",
  maxLength,
  error,
  hint,
  placeholder,
  trailing,
  showCount,
  autoFocus,
  onFocus,
  onBlur,
  name,
  disabled = false,
  id,
  hideLabel = false,
  rows = 4,
  inputMode,
  autoComplete,
}: TextFieldProps) {
  const { t } = useLingui();
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  const [revealed, setRevealed] = useState(false);

  const defaults = kindDefaults(kind);
  const max = maxLength ?? defaults.maxLength;
  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  const counting = showCount ?? kind === "textarea";
  const length = lengthOf(value);
  const describedBy =
    [hasError ? errorId : null, hint === undefined ? null : hintId, counting ? countId : null]
      .filter((part) => part !== null)
      .join(" ") || undefined;

  const common = {
    id: inputId,
    name,
    value,
    placeholder,
    maxLength: max,
    disabled,
    autoFocus,
    "aria-invalid": hasError || undefined,
    "aria-describedby": describedBy,
    onFocus,
    onBlur,
    className: "pf-text-field__input",
  };

  return (
    <div
      className={[
        "pf-text-field",
        hasError ? "pf-text-field--error" : "",
        disabled ? "pf-text-field--disabled" : "",
        kind === "textarea" ? "pf-text-field--multiline" : "",
      ].join(" ")}
    >
      <label htmlFor={inputId} className={hideLabel ? "pf-visually-hidden" : "pf-text-field__label"}>
        {label}
      </label>
      <div className="pf-text-field__box">
        {kind === "textarea" ? (
          <textarea
            {...common}
            rows={rows}
            onChange={(event) => {
              onChange(event.target.value);
            }}
          />
        ) : (
          <input
            {...common}
            type={kind === "tel" ? "tel" : kind === "password" && !revealed ? "password" : "text"}
            inputMode={inputMode ?? defaults.inputMode}
            autoComplete={autoComplete ?? defaults.autoComplete}
            onChange={(event) => {
              onChange(event.target.value);
            }}
          />
        )}
        {kind === "password" ? (
          <button
            type="button"
            className="pf-icon-button pf-text-field__reveal"
            aria-pressed={revealed}
            aria-label={t`显示密码`}
            aria-controls={inputId}
            disabled={disabled}
            onClick={() => {
              setRevealed((shown) => !shown);
            }}
          >
            <Icon name={revealed ? "eye" : "eyeOff"} size={20} />
          </button>
        ) : null}
        {trailing === undefined ? null : <div className="pf-text-field__trailing">{trailing}</div>}
      </div>
      {hasError || hint !== undefined || counting ? (
        <div className="pf-text-field__foot">
          <div className="pf-text-field__messages">
            {hasError ? (
              <p id={errorId} className="pf-text-field__error" role="alert">
                {error}
              </p>
            ) : null}
            {hint === undefined ? null : (
              <p id={hintId} className="pf-text-field__hint">
                {hint}
              </p>
            )}
          </div>
          {counting ? (
            <span id={countId} className="pf-text-field__count">
              <span aria-hidden="true">
                {max === undefined ? length : `${String(length)}/${String(max)}`}
              </span>
              <span className="pf-visually-hidden">
                {max === undefined ? t`已输入${length}个字` : t`已输入${length}个字，最多${max}个`}
              </span>
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
