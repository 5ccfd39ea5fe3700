import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { IconButton } from "./IconButton";
import "./PageHeader.css";

export interface PageHeaderProps {
  readonly title?: ReactNode;
  /** Shows the back button (spec §2 'back navigation': the app decides where back goes). */
  readonly onBack?: () => void;
  /** Controls at the right end (search, a menu…). */
  readonly right?: ReactNode;
  /** No background or line: over a cover picture. */
  readonly transparent?: boolean;
}

/** The shared page header: back, a centred title, controls on the right; sticky under the safe area. */
export function PageHeader({ title, onBack, right, transparent = false }: PageHeaderProps) {
  const { t } = useLingui();
  return (
    <header className={`pf-page-header${transparent ? " pf-page-header--transparent" : ""}`}>
      <div className="pf-page-header__bar">
        <div className="pf-page-header__side">
          {onBack === undefined ? null : <IconButton icon="back" label={t`返回`} onClick={onBack} />}
        </div>
        {title === undefined ? null : <h1 className="pf-page-header__title">{title}</h1>}
        <div className="pf-page-header__side pf-page-header__side--end">{right}</div>
      </div>
    </header>
  );
}
