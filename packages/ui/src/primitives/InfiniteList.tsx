import { Trans, useLingui } from "@lingui/react/macro";
import { limits, shouldLoadMore } from "@platform/domain";
import { Children, useEffect, useEffectEvent, useRef } from "react";
import type { ReactNode } from "react";
import { Button } from "./Button";
import { Spinner } from "./Skeleton";
import "./InfiniteList.css";

export interface InfiniteListProps {
  /** The rows (`<li>` when `as` is "ul"). */
  readonly children: ReactNode;
  /** The last page came back full, so another may exist (domain `hasNextPage`). */
  readonly hasMore: boolean;
  readonly loading: boolean;
  readonly onLoadMore: () => void;
  /** The last load failed: shown in place of the loading row, with a retry button. */
  readonly error?: ReactNode;
  readonly onRetry?: () => void;
  /** Distance from the bottom, in px, that triggers loading (default 80, spec §9). */
  readonly threshold?: number;
  /** The end row (default 'no more'). */
  readonly endLabel?: ReactNode;
  readonly as?: "ul" | "div";
  /** An accessible name for the list. */
  readonly label?: string;
  readonly className?: string;
}

/**
 * A list that is its own scroll container (it fills its parent) and asks for the next page when
 * scrolled within 80 px of its bottom, only while the last page was full, nothing is loading and no
 * error waits for a retry (domain `shouldLoadMore`), so a slow page is never asked for twice.
 */
export function InfiniteList({
  children,
  hasMore,
  loading,
  onLoadMore,
  error,
  onRetry,
  threshold = limits.loadMoreThresholdPx,
  endLabel,
  as = "div",
  label,
  className,
}: InfiniteListProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement | null>(null);
  const failed = error !== undefined && error !== null && error !== false;

  const check = (node: HTMLDivElement) => {
    if (
      shouldLoadMore({
        scrollTop: node.scrollTop,
        clientHeight: node.clientHeight,
        scrollHeight: node.scrollHeight,
        lastPageFull: hasMore && !failed,
        loading,
        threshold,
      })
    )
      onLoadMore();
  };
  const checkNow = useEffectEvent(check);

  // After a page arrives, a list still shorter than its box cannot be scrolled: check again.
  // (Only when laid out: without layout every distance is 0.)
  useEffect(() => {
    const node = ref.current;
    if (node !== null && node.clientHeight > 0) checkNow(node);
  }, [loading, hasMore, failed]);

  const List = as;
  const empty = Children.count(children) === 0;
  return (
    <div
      ref={ref}
      className={`pf-infinite-list${className ? ` ${className}` : ""}`}
      onScroll={(event) => {
        check(event.currentTarget);
      }}
    >
      <List className="pf-infinite-list__items" aria-label={label} aria-busy={loading || undefined}>
        {children}
      </List>
      <div className="pf-infinite-list__footer" role="status">
        {failed ? (
          <div className="pf-infinite-list__row pf-infinite-list__row--error">
            <span>{error}</span>
            {onRetry === undefined ? null : (
              <Button variant="text" size="sm" onClick={onRetry}>
                <Trans>重试</Trans>
              </Button>
            )}
          </div>
        ) : loading ? (
          <div className="pf-infinite-list__row">
            <Spinner size={16} />
            <span>{t`加载中…`}</span>
          </div>
        ) : !hasMore && !empty ? (
          <div className="pf-infinite-list__row pf-infinite-list__row--end">
            {endLabel ?? <Trans>没有更多了</Trans>}
          </div>
        ) : null}
      </div>
    </div>
  );
}
