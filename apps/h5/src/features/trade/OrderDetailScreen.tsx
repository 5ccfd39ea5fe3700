import { useLingui } from "@lingui/react/macro";
import { OrderTab, formatAmount, isNotFound } from "@platform/domain";
import { EmptyState, Skeleton, SkeletonGroup } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Link, getRouteApi } from "@tanstack/react-router";
import { useId } from "react";
import { Page } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { OrderActions } from "./OrderActions";
import { OrderFields } from "./OrderFields";
import { OrderStatus } from "./OrderStatus";
import { PayingControls } from "./PayingControls";
import { withdrawOrderQueryOptions } from "./queries/orders";
import { rechargeOrderQueryOptions } from "./queries/recharge";
import type { Order } from "./queries/orders";
import "./TradeCard.css";
import "./trade.css";
import { useApi } from "../../app/useApi";

const route = getRouteApi("/orderdetails");

/**
 * /orderdetails?page=…&orderNum=…: every field of one order, its status (a recharge being paid is
 * followed), and what can be done with it. The header's back goes to /orderManage with the tab.
 */
export function OrderDetailScreen() {
  const { t } = useLingui();
  const { page, orderNum } = route.useSearch();
  return (
    <Page title={t`订单详情`}>
      <div className="h5-trade">
        {orderNum === undefined ? (
          <OrderNotFound page={page} />
        ) : page === OrderTab.RECHARGE_ORDER ? (
          <RechargeDetail orderNum={orderNum} />
        ) : (
          <WithdrawDetail orderNum={orderNum} />
        )}
      </div>
    </Page>
  );
}

function OrderNotFound({ page }: { readonly page: OrderTab }) {
  const { t } = useLingui();
  return (
    <EmptyState
      picture="notFound"
      description={t`找不到这个订单`}
      action={
        <Link
          to="/ordermanage"
          search={{ tab: page }}
          className="pf-button pf-button--secondary pf-button--sm"
        >
          {t`查看订单`}
        </Link>
      }
    />
  );
}

function RechargeDetail({ orderNum }: { readonly orderNum: string }) {
  const api = useApi();
  const query = useQuery(rechargeOrderQueryOptions(api, orderNum));
  return (
    <DetailBody
      page={OrderTab.RECHARGE_ORDER}
      order={query.data}
      error={query.isError && query.data === undefined ? query.error : null}
      onRetry={() => void query.refetch()}
    />
  );
}

function WithdrawDetail({ orderNum }: { readonly orderNum: string }) {
  const api = useApi();
  const query = useQuery(withdrawOrderQueryOptions(api, orderNum));
  return (
    <DetailBody
      page={OrderTab.WITHDRAW_ORDER}
      order={query.data}
      error={query.isError && query.data === undefined ? query.error : null}
      onRetry={() => void query.refetch()}
    />
  );
}

function DetailBody({
  page,
  order,
  error,
  onRetry,
}: {
  readonly page: OrderTab;
  readonly order: Order | undefined;
  readonly error: unknown;
  readonly onRetry: () => void;
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const titleId = useId();
  if (error !== null) {
    return isNotFound(error) ? (
      <OrderNotFound page={page} />
    ) : (
      <RetryState message={errorText(error)} onRetry={onRetry} />
    );
  }
  if (order === undefined) {
    return (
      <SkeletonGroup label={t`订单加载中`} className="h5-trade-card">
        <Skeleton height={28} width="40%" />
        <Skeleton lines={8} height={16} />
      </SkeletonGroup>
    );
  }
  const amount = formatAmount(order.applicationAmount);
  return (
    <section className="h5-trade-card" aria-labelledby={titleId}>
      <div className="h5-trade-card__head">
        <h2 id={titleId} className="h5-trade-card__title">
          {order.orderType === OrderTab.RECHARGE_ORDER
            ? t({ context: "one order's title", message: "充值订单" })
            : t({ context: "one order's title", message: "提现订单" })}
        </h2>
        <OrderStatus order={order} />
      </div>
      <p className="h5-trade-amount">{amount}</p>
      <OrderFields order={order} />
      {order.orderType === OrderTab.RECHARGE_ORDER ? <PayingControls order={order} /> : null}
      <OrderActions order={order} />
    </section>
  );
}
