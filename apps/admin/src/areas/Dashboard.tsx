import { useLingui } from "@lingui/react/macro";
import type { DayFigures } from "@platform/api-client/admin";
import { useQuery } from "@tanstack/react-query";
import { Chart } from "../components/Chart";
import { Waiting, money, useClient } from "../app/kit";

type Figure = Exclude<keyof DayFigures, "day">;

/**
 * Today and the last 30 days: people, plays and money day by day (charts with their numbers), and
 * what waits for an operator now.
 */
export function Dashboard() {
  const { t } = useLingui();
  const client = useClient();
  const summary = useQuery({
    queryKey: ["dashboard"],
    queryFn: ({ signal }) => client.call("dashboard.summary", { days: 30 }, { signal }),
    refetchInterval: 60_000,
  });
  if (!summary.data) return <Waiting query={summary} />;
  const { today, days, now } = summary.data;
  const figures: { key: Figure; label: string; money?: boolean }[] = [
    { key: "signUps", label: t`注册` },
    { key: "activeViewers", label: t`活跃观众` },
    { key: "plays", label: t`播放` },
    { key: "recharges", label: t`充值`, money: true },
    { key: "revenue", label: t`平台收入`, money: true },
    { key: "payouts", label: t`提现支出`, money: true },
    { key: "membershipSales", label: t`会员销售`, money: true },
  ];
  const waiting = [
    { label: t`待处理举报`, value: now.openReports },
    { label: t`待审核`, value: now.reviewBacklog },
    { label: t`挂起的付款`, value: now.heldPayments },
    { label: t`待审批调整`, value: now.pendingAdjustments },
    { label: t`直播中`, value: now.liveRooms },
  ];
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t`概览`}</h1>
      <h2>{t`待处理`}</h2>
      <dl className="ad-tiles">
        {waiting.map((w) => (
          <div key={w.label} className="ad-tile">
            <dt>{w.label}</dt>
            <dd>{w.value}</dd>
          </div>
        ))}
      </dl>
      <h2>{t`今天`}</h2>
      <dl className="ad-tiles">
        {figures.map((f) => (
          <div key={f.key} className="ad-tile">
            <dt>{f.label}</dt>
            <dd>{f.money ? money(today[f.key]) : today[f.key]}</dd>
          </div>
        ))}
      </dl>
      <h2>{t`近 30 天`}</h2>
      <div className="ad-charts">
        {figures.map((f) => (
          <figure key={f.key} className="ad-figure">
            <figcaption>
              {f.label} ·{" "}
              {f.money
                ? money(days.reduce((s, d) => s + d[f.key], 0))
                : days.reduce((s, d) => s + d[f.key], 0)}
            </figcaption>
            <Chart
              label={f.label}
              days={days.map((d) => d.day)}
              values={days.map((d) => d[f.key])}
              money={f.money}
            />
          </figure>
        ))}
      </div>
    </section>
  );
}
