import { useEffect, useRef } from "react";
import "uplot/dist/uPlot.min.css";

export interface ChartProps {
  readonly label: string;
  /** Days (YYYY-MM-DD) and one series of values per day. */
  readonly days: readonly string[];
  readonly values: readonly number[];
  /** Money in hundredths: the axis shows yuan. */
  readonly money?: boolean;
}

/**
 * One figure over the days (uPlot, drawn on a canvas once the module is loaded). The numbers are
 * in the table beside it for screen readers; the canvas is a picture of them.
 */
export function Chart({ label, days, values, money }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (element === null) return undefined;
    let plot: { destroy(): void } | null = null;
    let live = true;
    void import("uplot").then(({ default: UPlot }) => {
      if (!live) return;
      const xs = days.map((d) => Date.parse(d) / 1000);
      const ys = values.map((v) => (money ? v / 100 : v));
      plot = new UPlot(
        {
          width: Math.max(240, element.clientWidth),
          height: 140,
          legend: { show: false },
          axes: [{ stroke: "#9aa0aa" }, { stroke: "#9aa0aa", size: 56 }],
          series: [{}, { label, stroke: "#ff4d6a", width: 2, fill: "rgba(255,77,106,0.12)" }],
        },
        [xs, ys],
        element,
      );
    });
    return () => {
      live = false;
      plot?.destroy();
    };
  }, [days, values, money, label]);
  return <div ref={box} className="ad-chart" role="img" aria-label={label} />;
}
