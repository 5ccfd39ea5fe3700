import { WatchLevel, watchLevelLabel } from "@platform/domain";
import { useMessageText } from "../i18n";
import "./LevelBadge.css";

export interface LevelBadgeProps {
  /** A video's watch level: SVIP shows 'super', CHARGE shows 'pay', FREE and unknown levels nothing. */
  readonly level: string | null | undefined;
  readonly className?: string;
}

/** The level badge of a video card (domain `watchLevelLabel`). */
export function LevelBadge({ level, className }: LevelBadgeProps) {
  const text = useMessageText();
  const label = watchLevelLabel(level);
  if (label === null) return null;
  const tone = level === WatchLevel.SVIP ? "super" : "pay";
  return (
    <span className={["pf-level-badge", `pf-level-badge--${tone}`, className ?? ""].join(" ")}>
      {text(label)}
    </span>
  );
}
