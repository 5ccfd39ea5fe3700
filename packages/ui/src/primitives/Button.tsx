import type { ButtonHTMLAttributes } from "react";
import "./Button.css";

export type ButtonVariant = "primary" | "secondary" | "text" | "danger" | "gold";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly size?: "md" | "sm";
  readonly block?: boolean;
  /** Busy: disabled, marked aria-busy, with a spinner before the label. */
  readonly busy?: boolean;
}

export function Button({
  variant = "primary",
  size = "md",
  block = false,
  busy = false,
  className,
  disabled,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[
        "pf-button",
        `pf-button--${variant}`,
        `pf-button--${size}`,
        block ? "pf-button--block" : "",
        className ?? "",
      ].join(" ")}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className="pf-spinner pf-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
