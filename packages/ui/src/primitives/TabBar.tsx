import { useLingui } from "@lingui/react/macro";
import { badgeText } from "@platform/domain";
import { useId } from "react";
import { Icon } from "../icons/Icon";
import type { IconName } from "../icons/Icon";
import { Badge } from "./Badge";
import "./TabBar.css";

export type TabKey = "home" | "trend" | "game" | "my" | "channel" | "navigation";

/** Every tab in the bar's order (spec §2: homepage, trend, game, my, channel, navigation map). */
export const tabKeys: readonly TabKey[] = ["home", "trend", "game", "my", "channel", "navigation"];

/** The icon of each tab unless `icons` says otherwise. */
export const defaultTabIcons: Readonly<Record<TabKey, IconName>> = {
  home: "home",
  trend: "trend",
  game: "game",
  my: "my",
  channel: "live",
  navigation: "map",
};

export interface TabBarProps {
  /** The current tab; `null` when the page is none of them. */
  readonly activeKey: TabKey | null;
  readonly onSelect: (key: TabKey) => void;
  /** Which tabs, in order (default all six). */
  readonly tabs?: readonly TabKey[];
  /** Counts shown on tabs (capped at 99, hidden at 0). */
  readonly badges?: Partial<Record<TabKey, number>>;
  /** Other icons for some tabs (e.g. `trade`, `menu`). */
  readonly icons?: Partial<Record<TabKey, IconName>>;
}

/**
 * The bottom tab bar, fixed to the bottom above the safe area. The current tab is aria-current; a
 * tab's count is its description, so its name stays the label.
 */
export function TabBar({ activeKey, onSelect, tabs = tabKeys, badges = {}, icons = {} }: TabBarProps) {
  const { t } = useLingui();
  const baseId = useId();
  const labels: Record<TabKey, string> = {
    home: t`首页`,
    trend: t`趋势`,
    game: t`游戏`,
    my: t`我的`,
    channel: t`频道`,
    navigation: t`导航`,
  };
  return (
    <nav className="pf-tab-bar" aria-label={t`主导航`}>
      <ul className="pf-tab-bar__list">
        {tabs.map((key) => {
          const active = key === activeKey;
          const icon = <Icon name={icons[key] ?? defaultTabIcons[key]} size={24} />;
          const count = badges[key] ?? 0;
          const text = badgeText(count);
          return (
            <li key={key} className="pf-tab-bar__item">
              <button
                type="button"
                className={`pf-tab-bar__tab${active ? " pf-tab-bar__tab--active" : ""}`}
                aria-current={active ? "page" : undefined}
                aria-describedby={text === null ? undefined : `${baseId}-${key}-count`}
                onClick={() => {
                  onSelect(key);
                }}
              >
                <Badge count={count} decorative>
                  {icon}
                </Badge>
                <span className="pf-tab-bar__label">{labels[key]}</span>
              </button>
              {text === null ? null : (
                <span id={`${baseId}-${key}-count`} className="pf-visually-hidden">
                  {t`${text}条未读`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
