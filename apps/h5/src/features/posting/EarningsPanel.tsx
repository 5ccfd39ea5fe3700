import { useLingui } from "@lingui/react/macro";
import { useLingui as useI18n } from "@lingui/react";
import { MoneyUnit, amountIn } from "@platform/i18n";
import { useId } from "react";
import type { PlatformApi } from "@platform/api-client";

/** The last days the panel draws, one bar each. */
const SHOWN_DAYS = 7;

type CreatorEarnings = Awaited<ReturnType<PlatformApi["substance"]["creatorEarnings"]>>;

/**
 * The owner's earnings on their /creationcenter (Step 22): their share of every sale of their
 * videos in the last 30 days, the last week day by day, and the videos that earned most. Nothing
 * when it failed (the works below matter more; the screen waits for it while it loads, so the works
 * are not pushed down); a line saying so when nothing sold.
 */

export function EarningsPanel({ earnings }: { readonly earnings: CreatorEarnings | undefined }) {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const headingId = useId();
  if (!earnings) return null;
  const { total, sales, sharePercent, days, videos } = earnings;
  const week = days.slice(-SHOWN_DAYS);
  const highest = Math.max(1, ...week.map((d) => d.amount));
  const gold = (amount: number) => amountIn(i18n, MoneyUnit.gold, amount);
  return (
    <section className="h5-earnings" aria-labelledby={headingId}>
      <h2 id={headingId} className="h5-earnings__title">
        {t`作品收益 · 近 30 天`}
      </h2>
      <p className="h5-earnings__total">
        <strong>{gold(total)}</strong>
        <span>{t`${sales} 笔销售，每笔分成 ${sharePercent}%`}</span>
      </p>
      {sales === 0 ? (
        <p className="h5-earnings__empty">{t`付费视频售出后，你的分成会显示在这里`}</p>
      ) : (
        <>
          <ol className="h5-earnings__days" aria-label={t`近 7 天每日收益`}>
            {week.map((d) => (
              <li key={d.day} className="h5-earnings__day">
                <span
                  className="h5-earnings__bar"
                  style={{ blockSize: `${String(Math.round((d.amount / highest) * 100))}%` }}
                  aria-hidden="true"
                />
                <span className="h5-earnings__day-label">{d.day.slice(5)}</span>
                <span className="pf-visually-hidden">{gold(d.amount)}</span>
              </li>
            ))}
          </ol>
          <ul className="h5-earnings__videos" aria-label={t`收益最多的作品`}>
            {videos.slice(0, 3).map((v) => {
              const count = v.sales;
              const earned = gold(v.amount);
              return (
                <li key={v.videoId}>
                  <span className="h5-earnings__video-title">{v.title}</span>
                  <span>{t`${count} 笔 · ${earned}`}</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
