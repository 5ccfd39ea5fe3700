import { Fragment } from "react";
import type { ReactElement } from "react";
import type { TabItem, TabRowProps } from "./Tabs";
import "./Tabs.css";

export interface TabLinksProps<K extends string> extends TabRowProps<K> {
  /** Draws a tab as a link (the router's), with the class and `aria-current` given. */
  readonly link: (
    item: TabItem<K>,
    props: { readonly className: string; readonly "aria-current": "page" | undefined },
  ) => ReactElement;
}

/**
 * A row of links as filled boxes, side by side, for choices that are each a page of their own
 * rather than a panel (a navigation landmark; the current link `aria-current="page"`, drawn as
 * `Tabs` draws the chosen tab).
 */
export function TabLinks<K extends string>({ items, selected, label, link }: TabLinksProps<K>) {
  return (
    <nav className="pf-tabs pf-tabs--pills" aria-label={label}>
      {items.map((item) => (
        <Fragment key={item.key}>
          {link(item, {
            className: "pf-tabs__tab",
            "aria-current": item.key === selected ? "page" : undefined,
          })}
        </Fragment>
      ))}
    </nav>
  );
}
