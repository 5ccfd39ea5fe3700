import { useId } from "react";
import type { ReactNode } from "react";
import "./TradeCard.css";

/**
 * A titled card of the money screens (and the game lobby's): a section named by its heading (a
 * landmark to screen readers), in a column of them (`h5-trade`); its styles come with it.
 */
export function TradeCard({
  title,
  className,
  children,
}: {
  readonly title: ReactNode;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={className ? `h5-trade-card ${className}` : "h5-trade-card"}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="h5-trade-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
