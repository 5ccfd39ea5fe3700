import { useLingui } from "@lingui/react/macro";
import { Icon } from "../icons/Icon";

export interface LiveRoomCardProps {
  readonly title: string;
  readonly anchorName: string;
  readonly coverUrl: string | null;
  readonly online: number;
  readonly isLive: boolean;
  readonly watchLevel: "FREE" | "SVIP" | "CHARGE";
  /** A CHARGE room's ticket, as written for people (e.g. "5.00"). */
  readonly priceText?: string;
  readonly onOpen: () => void;
}

/** A live room in the list: its picture, live or ended, viewers, who may watch, its title and host. */
export function LiveRoomCard({
  title,
  anchorName,
  coverUrl,
  online,
  isLive,
  watchLevel,
  priceText,
  onOpen,
}: LiveRoomCardProps) {
  const { t } = useLingui();
  const price = priceText ?? "";
  const level = watchLevel === "SVIP" ? t`会员` : watchLevel === "CHARGE" ? t`门票 ${price}` : null;
  return (
    <button type="button" className="pf-live-card" onClick={onOpen}>
      <span className="pf-live-card__cover">
        {coverUrl ? <img src={coverUrl} alt="" loading="lazy" /> : <Icon name="live" />}
        <span className={`pf-live-badge${isLive ? "" : " pf-live-badge--ended"}`}>
          {isLive ? t`直播中` : t`已结束`}
        </span>
        {level ? <span className="pf-live-card__level">{level}</span> : null}
        {isLive ? <span className="pf-live-card__online">{t`${online} 人在看`}</span> : null}
      </span>
      <span className="pf-live-card__title">{title}</span>
      <span className="pf-live-card__anchor">{anchorName}</span>
    </button>
  );
}
