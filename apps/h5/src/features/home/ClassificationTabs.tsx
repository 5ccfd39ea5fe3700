import { useLingui } from "@lingui/react/macro";
import type { KeyboardEvent } from "react";
import type { Classification } from "./queries";

/** The id of a classification's tab (`all` for the whole catalogue), for the panel's label. */
export function classificationTabId(baseId: string, classifyId: string | null): string {
  return `${baseId}-tab-${classifyId ?? "all"}`;
}

export interface ClassificationTabsProps {
  readonly baseId: string;
  readonly classifications: readonly Classification[];
  /** The chosen classification; null: all. */
  readonly selected: string | null;
  readonly onSelect: (classifyId: string | null) => void;
  /** The id of the panel the tabs control (the video list). */
  readonly panelId: string;
}

/**
 * The classifications as a horizontally scrolling tab row ('all' first). Arrow keys, Home and End
 * move the focus; Enter or Space (or a tap) chooses, so moving along the row loads nothing.
 */
export function ClassificationTabs({
  baseId,
  classifications,
  selected,
  onSelect,
  panelId,
}: ClassificationTabsProps) {
  const { t } = useLingui();
  const tabs: { id: string | null; name: string }[] = [
    { id: null, name: t`全部` },
    ...classifications.map((c) => ({ id: c.id, name: c.name })),
  ];
  const known = tabs.some((tab) => tab.id === selected);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>("[role=tab]"));
    const index = buttons.findIndex((b) => b === document.activeElement);
    if (index < 0) return;
    const last = buttons.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % buttons.length
        : event.key === "ArrowLeft"
          ? (index - 1 + buttons.length) % buttons.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const button = buttons[next];
    button?.focus();
    button?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };

  return (
    <div className="h5-feed__tabs" role="tablist" aria-label={t`分类`} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => {
        const active = known ? tab.id === selected : index === 0 && selected === null;
        // The roving focus stop: the chosen tab, or 'all' when the chosen one is not listed.
        const focusable = known ? active : index === 0;
        return (
          <button
            key={tab.id ?? "all"}
            id={classificationTabId(baseId, tab.id)}
            type="button"
            role="tab"
            className="h5-bare-button h5-feed__tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={focusable ? 0 : -1}
            onClick={(event) => {
              event.currentTarget.scrollIntoView({ block: "nearest", inline: "nearest" });
              if (!active) onSelect(tab.id);
            }}
          >
            {tab.name}
          </button>
        );
      })}
    </div>
  );
}
