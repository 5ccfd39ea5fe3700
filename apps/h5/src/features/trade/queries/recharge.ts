import type { ResponseOf } from "@platform/api-client";
import { OrderTab, RechargeStatus, rechargeStatusView } from "@platform/domain";
import type { Hundredths } from "@platform/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { failed, succeeded } from "../../../app/mutation-events";
import type { MutationEvents } from "../../../app/mutation-events";
import { refreshWallet } from "../../../app/session/queries";
import { useApi } from "../../../app/useApi";
import { useIntentKey } from "../refusals";
import { refreshMoney, tradeKeys } from "./money";
import type { TradeApi } from "./money";
import { ORDER_POLL_MS, storeOrder } from "./orders";
import type { RechargeOrder } from "./orders";

export type PayConfig = ResponseOf<"trade.payConfig">[number];

export function payConfigQueryOptions(api: TradeApi) {
  return queryOptions({
    queryKey: tradeKeys.payConfig(),
    queryFn: ({ signal }) => api.trade.payConfig({}, { signal }),
  });
}

/** Just back from the provider's page, a recharge is asked about this often (ms)… */
export const RETURN_POLL_MS = 1_000;
/** …for this long (ms) after the result first shows; then every `ORDER_POLL_MS`. */
export const RETURN_WINDOW_MS = 20_000;

/** How the result of a recharge follows its order (issue 37, item 10). */
export interface RechargeFollow {
  /** When the browser came back from the provider's page (ms since the epoch). */
  readonly returnedAt: number;
  /** The balances a final status changes are fetched again before that status is shown. */
  readonly queryClient: QueryClient;
}

function unfinished(status: string | undefined): boolean {
  return status === "PAYING" || status === "PROCESSING";
}

/**
 * A recharge order by its number; asked again every 2 s while it is being paid or processed. On
 * the result page (`follow`), for `RETURN_WINDOW_MS` after the return from the provider, every
 * second and through `confirmPaid` (the server asks the provider rather than wait for its
 * notification); and a final status lands only once the balances have been fetched again, so
 * 'payment successful' never shows beside the old balance.
 */
export function rechargeOrderQueryOptions(api: TradeApi, orderNum: string, follow?: RechargeFollow) {
  const justReturned = () => follow !== undefined && Date.now() - follow.returnedAt < RETURN_WINDOW_MS;
  return queryOptions({
    queryKey: tradeKeys.order(OrderTab.RECHARGE_ORDER, orderNum),
    queryFn: async ({ signal }): Promise<RechargeOrder> => {
      const known = follow?.queryClient.getQueryData<RechargeOrder>(
        tradeKeys.order(OrderTab.RECHARGE_ORDER, orderNum),
      );
      const order =
        justReturned() && (known === undefined || unfinished(known.status))
          ? await api.trade.confirmPaid({ orderNum }, { signal, quiet: true })
          : await api.trade.orderDetail({ orderNum }, { signal });
      if (follow !== undefined && !unfinished(order.status) && unfinished(known?.status ?? "PAYING"))
        await refreshWallet(follow.queryClient, api);
      return order;
    },
    refetchInterval: (query) =>
      unfinished(query.state.data?.status) ? (justReturned() ? RETURN_POLL_MS : ORDER_POLL_MS) : false,
  });
}

/**
 * The order of a recharge the provider sent the browser back from, followed from the moment this
 * is first rendered (`rechargeOrderQueryOptions`); once its status is final, the money is read
 * again.
 */
export function useRechargeResult(orderNum: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [returnedAt] = useState(() => Date.now());
  const query = useQuery(rechargeOrderQueryOptions(api, orderNum, { returnedAt, queryClient }));
  const final = query.data === undefined ? false : rechargeStatusView(query.data.status).final;
  useEffect(() => {
    if (final) void refreshMoney(queryClient);
  }, [final, queryClient]);
  return query;
}

export interface RechargeBody {
  readonly amount: Hundredths;
  readonly payMethod: PayConfig["payMethod"];
}

/**
 * Recharging gold: the order with the provider's pay page (quiet: the screen words refusals; one
 * Idempotency-Key per intent). Nothing is cached: the screen leaves for the pay page or follows
 * the order (`on.onSuccess`).
 */
export function useRechargeMutation(on: MutationEvents<RechargeOrder, RechargeBody> = {}) {
  const api = useApi();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (body: RechargeBody) =>
      api.trade.rechargeGold(body, { quiet: true, idempotencyKey: intent.keyFor(body) }),
    onSuccess: async (order, body) => {
      intent.settle();
      await succeeded(on, order, body);
    },
    onError: async (error, body) => {
      intent.settle(error);
      await failed(on, error, body);
    },
  });
}

/**
 * 'I have paid': the server asks the provider now and answers with the order as it then stands. A
 * status that moved money is stored only with the balances fetched again (never beside the old
 * gold), and the orders and the statement are read again; still being paid, the order is stored
 * (and the screen says so).
 */
export function useConfirmPaidMutation(orderNum: string, on: MutationEvents<RechargeOrder> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.trade.confirmPaid({ orderNum }, { quiet: true }),
    onSuccess: async (answer) => {
      const paying = answer.status === RechargeStatus.PAYING;
      if (!paying) await refreshWallet(queryClient, api);
      storeOrder(queryClient, answer);
      await succeeded(on, answer, undefined, async () => {
        if (!paying) await refreshMoney(queryClient);
      });
    },
    onError: async (error) => {
      await failed(on, error, undefined);
    },
  });
}
