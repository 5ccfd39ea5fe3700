import { useLingui } from "@lingui/react/macro";
import { OrderTab, formatAmount, wallet } from "@platform/domain";
import { EmptyState, Skeleton, SkeletonGroup, Tabs, tabId } from "@platform/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, getRouteApi } from "@tanstack/react-router";
import { useId, useMemo } from "react";
import { Page } from "../../components/Page";
import { PagedList } from "../../components/PagedList";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { OrderActions } from "./OrderActions";
import { OrderStatus } from "./OrderStatus";
import { orderDetailSearch } from "./orders";
import { recordsOfPages } from "./queries/money";
import { billsQueryOptions } from "./queries/orders";
import type { Order } from "./queries/orders";
import "./trade.css";
import { useApi } from "../../app/useApi";

const route = getRouteApi("/ordermanage");
const tabOrder: readonly OrderTab[] = [OrderTab.RECHARGE_ORDER, OrderTab.WITHDRAW_ORDER];

/**
 * /ordermanage?tab=RECHARGE_ORDER|WITHDRAW_ORDER: the recharge and withdraw orders of the last 30
 * days in two tabs (the tab lives in the URL), each paged on scroll; a row opens the order's detail
 * and offers what can be done with it.
 */
export function OrderManageScreen() {
  const { t } = useLingui();
  const { tab } = route.useSearch();
  const navigate = route.useNavigate();
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const names: Readonly<Record<OrderTab, string>> = {
    [OrderTab.RECHARGE_ORDER]: t`充值订单`,
    [OrderTab.WITHDRAW_ORDER]: t`提现订单`,
  };

  const choose = (next: OrderTab) => {
    if (next !== tab) void navigate({ search: { tab: next }, replace: true });
  };

  return (
    <Page title={t`订单管理`}>
      <div className="h5-orders">
        <Tabs
          items={tabOrder.map((key) => ({ key, label: names[key] }))}
          selected={tab}
          onSelect={choose}
          label={t`订单类型`}
          idBase={baseId}
          panelId={panelId}
        />
        <div id={panelId} className="h5-orders__panel" role="tabpanel" aria-labelledby={tabId(baseId, tab)}>
          <OrderList key={tab} tab={tab} label={names[tab]} />
        </div>
      </div>
    </Page>
  );
}

function OrderList({ tab, label }: { readonly tab: OrderTab; readonly label: string }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const api = useApi();
  const list = useInfiniteQuery(billsQueryOptions(api, tab));
  const orders = useMemo(() => recordsOfPages(list.data), [list.data]);
  const days = wallet.transactionRecordDays;

  if (list.data === undefined) {
    if (list.isError)
      return <RetryState message={errorText(list.error)} onRetry={() => void list.refetch()} />;
    return (
      <SkeletonGroup label={t`订单加载中`} className="h5-orders__skeleton">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={72} radius={12} />
        ))}
      </SkeletonGroup>
    );
  }
  if (orders.length === 0) {
    return (
      <EmptyState
        picture="empty"
        description={tab === OrderTab.RECHARGE_ORDER ? t`暂无充值订单` : t`暂无提现订单`}
        action={<p className="h5-note">{t`仅显示最近 ${days} 天的订单`}</p>}
      />
    );
  }
  return (
    <PagedList query={list}>
      <ul className="h5-orders__list" aria-label={label}>
        {orders.map((order) => (
          <OrderRow key={order.orderNum} order={order} />
        ))}
      </ul>
    </PagedList>
  );
}

function OrderRow({ order }: { readonly order: Order }) {
  const { t } = useLingui();
  const amount = formatAmount(order.applicationAmount);
  const orderNum = order.orderNum;
  return (
    <li className="h5-order-row">
      <Link to="/orderdetails" search={orderDetailSearch(order)} className="h5-order-row__link">
        <span className="h5-order-row__top">
          <span className="h5-order-row__amount">{amount}</span>
          <OrderStatus order={order} />
        </span>
        <span className="h5-order-row__meta">{t`订单号 ${orderNum}`}</span>
        <span className="h5-order-row__meta">{order.createTime}</span>
      </Link>
      <OrderActions order={order} />
    </li>
  );
}
