import type { ButtonHTMLAttributes } from "react";
import { Icon } from "../icons/Icon";
import type { IconName } from "../icons/Icon";
import "./IconButton.css";

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
  readonly icon: IconName;
  /** The accessible name (the icon itself is silent). */
  readonly label: string;
  /** Icon size in px (default 22). */
  readonly iconSize?: number;
}

/** A round 44 px button holding one icon, named for screen readers by `label`. */
export function IconButton({ icon, label, iconSize, className, type = "button", ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={`pf-icon-button${className ? ` ${className}` : ""}`}
      aria-label={label}
      {...rest}
    >
      <Icon name={icon} size={iconSize} />
    </button>
  );
}
