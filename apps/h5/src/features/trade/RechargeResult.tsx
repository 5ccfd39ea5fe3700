import { useLingui } from "@lingui/react/macro";
import { OrderTab, amountDifference, formatAmount, isNotFound, rechargeStatusView } from "@platform/domain";
import { Skeleton, SkeletonGroup } from "@platform/ui";
import { Link } from "@tanstack/react-router";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { signedAmount, useTradeLabels } from "./labels";
import { OrderActions } from "./OrderActions";
import { OrderStatus, ReasonText } from "./OrderStatus";
import { PayingControls } from "./PayingControls";
import { useRechargeResult } from "./queries/recharge";
import { TradeCard } from "./TradeCard";

/**
 * The result of a recharge the provider sent the browser back from (/trade?orderNum=): the order
 * followed every second for 20 s after the return (the server asking the provider), then every
 * 2 s, while it is being paid or processed; its status in the spec's words — a final one only once
 * the balances are fetched again — the amounts, 'I have paid' while paying, and its detail page.
 */
export function RechargeResult({
  orderNum,
  from,
  balancesShown,
}: {
  readonly orderNum: string;
  readonly from?: string;
  /**
   * Whether the screen shows the balances now: a final status waits for them, so 'payment
   * successful' is never on screen without the new balance beside it (the screen's cards come in
   * a deferred render, `useSettled`, a frame or more after the order's answer).
   */
  readonly balancesShown: boolean;
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const labels = useTradeLabels();
  // Opened as the provider's page sends the browser back: followed closely for a while.
  const query = useRechargeResult(orderNum);
  const order = query.data;

  let body;
  if (order === undefined) {
    body = query.isError ? (
      isNotFound(query.error) ? (
        <p className="h5-note">{t`找不到这个订单`}</p>
      ) : (
        <RetryState compact message={errorText(query.error)} onRetry={() => void query.refetch()} />
      )
    ) : (
      <SkeletonGroup label={t`订单加载中`}>
        <Skeleton height={28} width="50%" />
        <Skeleton lines={3} height={16} />
      </SkeletonGroup>
    );
  } else {
    const applied = formatAmount(order.applicationAmount);
    const received = order.receivedAmount === null ? null : formatAmount(order.receivedAmount);
    const difference = amountDifference(order);
    body = (
      <>
        <div className="h5-trade-result__status" aria-live="polite">
          {balancesShown || !rechargeStatusView(order.status).final ? (
            <OrderStatus order={order} />
          ) : (
            <Skeleton height={28} width="50%" />
          )}
        </div>
        <dl className="h5-trade-fields">
          <div className="h5-trade-fields__row">
            <dt>{t`充值金额`}</dt>
            <dd data-testid="result-applied">{applied}</dd>
          </div>
          {received === null ? null : (
            <div className="h5-trade-fields__row">
              <dt>{t`到账金额`}</dt>
              <dd data-testid="result-received">{received}</dd>
            </div>
          )}
          {difference === null || difference === 0 ? null : (
            <div className="h5-trade-fields__row">
              <dt>{t`金额差额`}</dt>
              <dd>{signedAmount(difference)}</dd>
            </div>
          )}
          <div className="h5-trade-fields__row">
            <dt>{t`支付方式`}</dt>
            <dd>{labels.payMethod(order.payMethod)}</dd>
          </div>
          {order.failureReason === null || order.failureReason === "" ? null : (
            <div className="h5-trade-fields__row">
              <dt>{t`失败原因`}</dt>
              <dd>
                <ReasonText reason={order.failureReason} />
              </dd>
            </div>
          )}
        </dl>
        <PayingControls order={order} />
        <OrderActions order={order} />
        <div className="h5-trade-links">
          <Link to="/orderdetails" search={{ page: OrderTab.RECHARGE_ORDER, orderNum }}>
            {t`查看订单详情`}
          </Link>
          <Link to="/trade" search={from === undefined ? {} : { from }}>
            {t`关闭`}
          </Link>
        </div>
      </>
    );
  }

  return (
    <TradeCard title={t`充值结果`} className="h5-trade-result">
      <p className="h5-note">{t`订单号 ${orderNum}`}</p>
      {body}
    </TradeCard>
  );
}
