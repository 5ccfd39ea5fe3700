import type { ResponseOf } from "@platform/api-client";
import { OrderTab, firstPageParam } from "@platform/domain";
import type { OrderActionKind } from "@platform/domain";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { failed, succeeded } from "../../../app/mutation-events";
import type { MutationEvents } from "../../../app/mutation-events";
import { useApi } from "../../../app/useApi";
import { TRADE_PAGE_SIZE, nextTradePage, refreshMoney, tradeKeys } from "./money";
import type { TradeApi } from "./money";

export type RechargeOrder = ResponseOf<"trade.orderDetail">;
export type WithdrawOrder = ResponseOf<"trade.withdrawByOrderNum">;
export type Order = RechargeOrder | WithdrawOrder;
export type OrderPage = ResponseOf<"trade.userBillDetails">;

/** A recharge being paid or processed is asked about again this often (ms). */
export const ORDER_POLL_MS = 2_000;

/** A withdrawal by its number; asked again every 2 s while it is being paid out. */
export function withdrawOrderQueryOptions(api: TradeApi, orderNum: string) {
  return queryOptions({
    queryKey: tradeKeys.order(OrderTab.WITHDRAW_ORDER, orderNum),
    queryFn: ({ signal }) => api.trade.withdrawByOrderNum({ orderNum }, { signal }),
    refetchInterval: (query) => (query.state.data?.status === "WITHDRAWING" ? ORDER_POLL_MS : false),
  });
}

/** The orders of one tab, newest first, the last 30 days, page by page. */
export function billsQueryOptions(api: TradeApi, tab: OrderTab) {
  return infiniteQueryOptions({
    queryKey: tradeKeys.bills(tab),
    queryFn: ({ pageParam, signal }) =>
      api.trade.userBillDetails({ tab, ...pageParam, size: TRADE_PAGE_SIZE }, { signal }),
    initialPageParam: firstPageParam,
    getNextPageParam: nextTradePage,
  });
}

/** An order as the server now has it, in its detail and in every loaded page of its tab. */
export function storeOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(tradeKeys.order(order.orderType, order.orderNum), order);
  queryClient.setQueryData<InfiniteData<OrderPage>>(tradeKeys.bills(order.orderType), (data) =>
    data === undefined
      ? data
      : {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            records: page.records.map((record) => (record.orderNum === order.orderNum ? order : record)),
          })),
        },
  );
}

export interface OrderActionRequest {
  readonly kind: OrderActionKind;
  /** Why the order is cancelled (cancel only). */
  readonly reason?: string;
}

/**
 * The buttons of an order (quiet: the screen toasts refusals). Urged or confirmed, the order the
 * server answers is stored; cancelled, the money is read again. A refused urge means the order
 * moved on: the money is read again (not waited for). 'Withdraw again' asks nothing of the
 * server: `on.onSuccess` opens the form.
 */
export function useOrderActionMutation(orderNum: string, on: MutationEvents<void, OrderActionRequest> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, reason = "" }: OrderActionRequest): Promise<Order | null> => {
      switch (kind) {
        case "urge":
          return api.trade.urgeWithdraw({ orderNum }, { quiet: true });
        case "confirmReceived":
          return api.trade.confirmReceived({ orderNum }, { quiet: true });
        case "cancel":
          await api.trade.cancelOrder({ orderNum, reason: reason.trim() }, { quiet: true });
          return null;
        case "withdrawAgain":
          return null;
      }
    },
    onSuccess: async (order, action) => {
      if (order !== null) storeOrder(queryClient, order);
      await succeeded(on, undefined, action, async () => {
        if (action.kind === "cancel") await refreshMoney(queryClient);
      });
    },
    onError: async (error, action) => {
      await failed(on, error, action, () => {
        if (action.kind === "urge") void refreshMoney(queryClient);
      });
    },
  });
}
