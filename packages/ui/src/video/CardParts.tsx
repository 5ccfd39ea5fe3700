import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { durationOf } from "@platform/domain";
import { Icon } from "../icons/Icon";
import { formatPlayCount } from "./format";

/**
 * A play count in words: the compact number ("1.2万次播放", "1.2K plays"), with the English noun
 * agreeing with the real count ("1 play", "2 plays").
 */
export function usePlaysText(count: number | null | undefined): string {
  const { t, i18n } = useLingui();
  const plays = formatPlayCount(count, i18n.locale);
  const counted = count ?? 0;
  return t({ message: plural(counted, { other: `${plays}次播放` }) });
}

/** Play count: an eye icon and the compact number, read out as "1.2万次播放" / "1.2K plays". */
export function PlayCount({
  count,
  className,
}: {
  readonly count: number | null | undefined;
  readonly className: string;
}) {
  const { i18n } = useLingui();
  const plays = formatPlayCount(count, i18n.locale);
  const words = usePlaysText(count);
  return (
    <span className={className}>
      <Icon name="eye" size={14} />
      <span aria-hidden="true">{plays}</span>
      <span className="pf-visually-hidden">{words}</span>
    </span>
  );
}

/** Duration as h:mm:ss or m:ss (domain `durationOf`), read out with its name. */
export function Duration({ ms, className }: { readonly ms: number; readonly className: string }) {
  const { t } = useLingui();
  const duration = durationOf(ms);
  return (
    <span className={className}>
      <span aria-hidden="true">{duration}</span>
      <span className="pf-visually-hidden">{t`时长 ${duration}`}</span>
    </span>
  );
}
