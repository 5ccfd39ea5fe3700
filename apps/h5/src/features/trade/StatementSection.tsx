import { useLingui } from "@lingui/react/macro";
import { formatAmount, wallet } from "@platform/domain";
import { Button, EmptyState, Skeleton, SkeletonGroup } from "@platform/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { signedAmount, useTradeLabels } from "./labels";
import { recordsOfPages, statementQueryOptions } from "./queries/money";
import type { StatementLine } from "./queries/money";
import { TradeCard } from "./TradeCard";
import { useApi } from "../../app/useApi";

/** Where the gold and the wallet went (the last 30 days), newest first, ten lines at a time. */
export function StatementSection() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const api = useApi();
  const headingId = useId();
  const list = useInfiniteQuery(statementQueryOptions(api));
  const lines = useMemo(() => recordsOfPages(list.data), [list.data]);
  const days = wallet.transactionRecordDays;

  let body;
  if (list.data === undefined) {
    body = list.isError ? (
      <RetryState compact message={errorText(list.error)} onRetry={() => void list.refetch()} />
    ) : (
      <SkeletonGroup label={t`交易记录加载中`}>
        <Skeleton lines={4} height={16} />
      </SkeletonGroup>
    );
  } else if (lines.length === 0) {
    body = <EmptyState compact picture="empty" description={t`暂无交易记录`} />;
  } else {
    body = (
      <>
        <ul className="h5-statement" aria-labelledby={headingId}>
          {lines.map((line) => (
            <StatementRow key={line.id} line={line} />
          ))}
        </ul>
        {list.isFetchNextPageError ? (
          <p className="h5-error" role="alert">
            {errorText(list.error)}
          </p>
        ) : null}
        {list.hasNextPage ? (
          <Button
            variant="text"
            size="sm"
            busy={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t`加载更多`}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <TradeCard title={t`交易记录`}>
      <p className="h5-note">{t`仅保留最近 ${days} 天的记录`}</p>
      {body}
    </TradeCard>
  );
}

function StatementRow({ line }: { readonly line: StatementLine }) {
  const { t } = useLingui();
  const labels = useTradeLabels();
  const after = formatAmount(line.balanceAfter);
  const balanceName = labels.balance(line.balanceType);
  const orderNum = line.orderNum;
  return (
    <li className="h5-statement__row">
      <div className="h5-statement__main">
        <span className="h5-statement__reason">{labels.reason(line.reason)}</span>
        <span
          className={`h5-statement__amount${line.amount < 0 ? " h5-statement__amount--out" : ""}`}
          data-testid="statement-amount"
        >
          {signedAmount(line.amount)}
        </span>
      </div>
      <div className="h5-statement__meta">
        <span>{t`${balanceName}余额 ${after}`}</span>
        <span>{line.createTime}</span>
      </div>
      {orderNum === null ? null : <div className="h5-statement__meta">{t`订单号 ${orderNum}`}</div>}
    </li>
  );
}
