import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef } from "react";
import type { KeyboardEvent } from "react";
import { AUTO_QUALITY } from "./playerUtils";
import type { VideoSource } from "./playback";

export interface QualityMenuProps {
  /** In menu order (the default rendition first). */
  readonly sources: readonly VideoSource[];
  readonly selected: string;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onSelect: (resolution: string) => void;
}

/**
 * The quality button and its menu: a menu of radio items (the current one checked). Arrow keys,
 * Home and End move between items, Enter or Space chooses, Escape closes and returns to the button.
 */
export function QualityMenu({ sources, selected, open, onOpenChange, onSelect }: QualityMenuProps) {
  const { t } = useLingui();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const menuRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!open) return undefined;
    const menu = menuRef.current;
    (
      menu?.querySelector<HTMLElement>('[aria-checked="true"]') ??
      menu?.querySelector<HTMLElement>('[role="menuitemradio"]')
    )?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (menu?.contains(target) || buttonRef.current?.contains(target)) return;
      onOpenChange(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, onOpenChange]);

  const close = () => {
    onOpenChange(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const index = items.findIndex((item) => item === document.activeElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusAt(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusAt(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusAt(0);
        break;
      case "End":
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case "Tab":
        onOpenChange(false);
        break;
      default:
        break;
    }
  };

  const current = sources.find((s) => s.resolution === selected) ?? sources[0];
  const nameOf = (resolution: string) => (resolution === AUTO_QUALITY ? t`自动` : resolution);
  const label = current === undefined ? "" : nameOf(current.resolution);
  return (
    <div className="pf-player-quality">
      <button
        ref={buttonRef}
        type="button"
        className="pf-player__button pf-player-quality__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t`清晰度：${label}`}
        onClick={() => {
          onOpenChange(!open);
        }}
      >
        {label}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          className="pf-player-quality__menu"
          role="menu"
          aria-label={t`清晰度`}
          onKeyDown={onMenuKeyDown}
        >
          {sources.map((source) => {
            const checked = source.resolution === current?.resolution;
            return (
              <button
                key={source.resolution}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={checked ? 0 : -1}
                className="pf-player-quality__item"
                onClick={() => {
                  if (!checked) onSelect(source.resolution);
                  close();
                }}
              >
                {nameOf(source.resolution)}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
