import { useId, useState } from "react";
import type { ReactNode } from "react";
import { Icon } from "../icons/Icon";
import type { IconName } from "../icons/Icon";
import "./Accordion.css";

export interface AccordionSection {
  readonly key: string;
  readonly title: ReactNode;
  readonly icon?: IconName;
  /** The section's content; without it the section is a plain row that calls `onSelect`. */
  readonly children?: ReactNode;
  /** For a plain row: what pressing it does (e.g. 'history record' goes to /myHistory). */
  readonly onSelect?: () => void;
}

export interface AccordionProps {
  readonly sections: readonly AccordionSection[];
  /** The open section (controlled); `null` for none. */
  readonly openKey?: string | null;
  /** The section open at first when uncontrolled. */
  readonly defaultOpenKey?: string | null;
  readonly onOpenChange?: (key: string | null) => void;
}

/**
 * A menu of sections, one open at a time: opening one closes the other, pressing the open one
 * closes it (spec §2, the 'my' panel menu).
 */
export function Accordion({ sections, openKey, defaultOpenKey = null, onOpenChange }: AccordionProps) {
  const [ownKey, setOwnKey] = useState<string | null>(defaultOpenKey);
  const current = openKey === undefined ? ownKey : openKey;
  const baseId = useId();

  const toggle = (key: string) => {
    const next = current === key ? null : key;
    if (openKey === undefined) setOwnKey(next);
    onOpenChange?.(next);
  };

  return (
    <div className="pf-accordion">
      {sections.map((section, index) => {
        const headId = `${baseId}-head-${String(index)}`;
        const panelId = `${baseId}-panel-${String(index)}`;
        const expandable = section.children !== undefined;
        const expanded = expandable && current === section.key;
        return (
          <div
            key={section.key}
            className={`pf-accordion__section${expanded ? " pf-accordion__section--open" : ""}`}
          >
            <h3 className="pf-accordion__heading">
              <button
                type="button"
                id={headId}
                className="pf-bare-button pf-accordion__trigger"
                aria-expanded={expandable ? expanded : undefined}
                aria-controls={expandable ? panelId : undefined}
                onClick={() => {
                  if (expandable) toggle(section.key);
                  else section.onSelect?.();
                }}
              >
                {section.icon === undefined ? null : (
                  <Icon name={section.icon} className="pf-accordion__icon" />
                )}
                <span className="pf-accordion__title">{section.title}</span>
                <Icon name={expandable ? "down" : "forward"} size={18} className="pf-accordion__chevron" />
              </button>
            </h3>
            {expandable ? (
              <div
                id={panelId}
                role="region"
                aria-labelledby={headId}
                className="pf-accordion__panel"
                hidden={!expanded}
              >
                {section.children}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
