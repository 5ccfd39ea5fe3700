import type { KeyboardEvent, ReactNode } from "react";
import "./Tabs.css";

export interface TabItem<K extends string = string> {
  readonly key: K;
  readonly label: ReactNode;
}

export interface TabRowProps<K extends string> {
  readonly items: readonly TabItem<K>[];
  /** The chosen tab's key; a key no tab has (or null) leaves every tab unchosen. */
  readonly selected: K | null;
  /** The row's accessible name. */
  readonly label: string;
}

export interface TabsProps<K extends string> extends TabRowProps<K> {
  readonly onSelect: (key: K) => void;
  /** Tab `key` gets the element id `tabId(idBase, key)`, for its panel's `aria-labelledby`. */
  readonly idBase: string;
  /** The id of the panel the tabs control. */
  readonly panelId?: string;
  /** `fill` (default): the tabs share the row; `scroll`: each as wide as its name, the row scrolls sideways. */
  readonly layout?: "fill" | "scroll";
  /**
   * `auto` (default): an arrow key, Home or End chooses the tab it moves to; `manual`: they move the
   * focus only and Enter, Space or a tap chooses — for tabs whose choice loads a whole list.
   */
  readonly activation?: "auto" | "manual";
}

/** The element id of tab `key` of the row whose `idBase` is given. */
export function tabId(idBase: string, key: string): string {
  return `${idBase}-tab-${key}`;
}

/**
 * A row of tabs over one panel (WAI-ARIA tabs): a tablist of buttons, the chosen one
 * `aria-selected` and the row's one focus stop (the first tab when none is chosen). Arrow keys move
 * along the row and wrap, Home and End go to its ends.
 */
export function Tabs<K extends string>({
  items,
  selected,
  onSelect,
  label,
  idBase,
  panelId,
  layout = "fill",
  activation = "auto",
}: TabsProps<K>) {
  const known = items.some((item) => item.key === selected);
  const choose = (key: K) => {
    if (key !== selected) onSelect(key);
  };
  const show = (tab: HTMLElement) => {
    if (layout === "scroll") tab.scrollIntoView({ block: "nearest", inline: "nearest" });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const moves: Readonly<Record<string, number>> = {
      ArrowRight: index < last ? index + 1 : 0,
      ArrowLeft: index > 0 ? index - 1 : last,
      Home: 0,
      End: last,
    };
    const next = items[moves[event.key] ?? -1];
    const tab = next && document.getElementById(tabId(idBase, next.key));
    if (!next || !tab) return;
    event.preventDefault();
    tab.focus();
    show(tab);
    if (activation === "auto") choose(next.key);
  };

  return (
    <div className={`pf-tabs pf-tabs--line pf-tabs--${layout}`} role="tablist" aria-label={label}>
      {items.map((item, index) => {
        const active = item.key === selected;
        return (
          <button
            key={item.key}
            id={tabId(idBase, item.key)}
            type="button"
            role="tab"
            className="pf-tabs__tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={(known ? active : index === 0) ? 0 : -1}
            onKeyDown={(event) => {
              onKeyDown(event, index);
            }}
            onClick={(event) => {
              show(event.currentTarget);
              choose(item.key);
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
