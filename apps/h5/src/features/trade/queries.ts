import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { OrderTab, firstPageParam, limits, nextPageParam } from "@platform/domain";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { refreshWallet, walletChanged } from "../../app/session/queries";

/** The calls of the money screens (a narrow slice, so tests can hand in a fake). */
export interface TradeApi {
  readonly trade: PlatformApi["trade"];
}

export type RechargeOrder = ResponseOf<"trade.orderDetail">;
export type WithdrawOrder = ResponseOf<"trade.withdrawByOrderNum">;
export type Order = RechargeOrder | WithdrawOrder;
export type OrderPage = ResponseOf<"trade.userBillDetails">;
export type PayConfig = ResponseOf<"trade.payConfig">[number];
export type BankCard = ResponseOf<"trade.payeeCards">[number];
export type StatementLine = ResponseOf<"trade.statement">["records"][number];
export type StatementPage = ResponseOf<"trade.statement">;
export type WithdrawConfig = ResponseOf<"trade.withdrawConfig">;
export type WithdrawalDetail = ResponseOf<"trade.withdrawalDetail">;

/** Page size of the order lists and the statement (spec §9). */
export const TRADE_PAGE_SIZE = limits.pageSize;
/** A recharge being paid or processed is asked about again this often (ms). */
export const ORDER_POLL_MS = 2_000;

export const tradeKeys = {
  all: ["trade"] as const,
  payConfig: () => [...tradeKeys.all, "payConfig"] as const,
  orders: () => [...tradeKeys.all, "order"] as const,
  order: (tab: OrderTab, orderNum: string) => [...tradeKeys.orders(), tab, orderNum] as const,
  billLists: () => [...tradeKeys.all, "bills"] as const,
  bills: (tab: OrderTab) => [...tradeKeys.billLists(), tab] as const,
  statement: () => [...tradeKeys.all, "statement"] as const,
  withdrawConfig: () => [...tradeKeys.all, "withdrawConfig"] as const,
  withdrawalDetail: () => [...tradeKeys.all, "withdrawalDetail"] as const,
  cards: () => [...tradeKeys.all, "cards"] as const,
  eepayBalance: () => [...tradeKeys.all, "eepay", "balance"] as const,
  eepayEnterUrl: () => [...tradeKeys.all, "eepay", "enterUrl"] as const,
};

/** The page after these, from the last page's cursor (domain `nextPageParam`). */
function nextTradePage(
  lastPage: { readonly records: readonly unknown[]; readonly cursor?: string | null },
  allPages: readonly unknown[],
) {
  return nextPageParam(lastPage, allPages.length, TRADE_PAGE_SIZE);
}

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

/** Where the gold and the wallet went, newest first, page by page. */
export function statementQueryOptions(api: TradeApi) {
  return infiniteQueryOptions({
    queryKey: tradeKeys.statement(),
    queryFn: ({ pageParam, signal }) =>
      api.trade.statement({ ...pageParam, size: TRADE_PAGE_SIZE }, { signal }),
    initialPageParam: firstPageParam,
    getNextPageParam: nextTradePage,
  });
}

export function withdrawConfigQueryOptions(api: TradeApi) {
  return queryOptions({
    queryKey: tradeKeys.withdrawConfig(),
    queryFn: ({ signal }) => api.trade.withdrawConfig({}, { signal }),
  });
}

export function withdrawalDetailQueryOptions(api: TradeApi) {
  return queryOptions({
    queryKey: tradeKeys.withdrawalDetail(),
    queryFn: ({ signal }) => api.trade.withdrawalDetail({}, { signal }),
    staleTime: 0,
  });
}

export function cardsQueryOptions(api: TradeApi) {
  return queryOptions({
    queryKey: tradeKeys.cards(),
    queryFn: ({ signal }) => api.trade.payeeCards({}, { signal }),
  });
}

export function eepayBalanceQueryOptions(api: TradeApi) {
  return queryOptions({
    queryKey: tradeKeys.eepayBalance(),
    queryFn: ({ signal }) => api.trade.eepayBalance({}, { signal }),
  });
}

export function eepayEnterUrlQueryOptions(api: TradeApi) {
  return queryOptions({
    queryKey: tradeKeys.eepayEnterUrl(),
    queryFn: ({ signal }) => api.trade.eepayEnterUrl({}, { signal }),
  });
}

/** The records of the loaded pages in order, each once (a page may repeat one when the list moved). */
export function recordsOfPages<T extends { readonly id: string }>(
  data: InfiniteData<{ readonly records: readonly T[] }> | undefined,
): T[] {
  const byId = new Map<string, T>();
  for (const record of data?.pages.flatMap((page) => page.records) ?? []) {
    if (!byId.has(record.id)) byId.set(record.id, record);
  }
  return [...byId.values()];
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

/** After money moved: balances, orders and the statement are read again when next shown. */
export async function refreshMoney(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    walletChanged(queryClient),
    queryClient.invalidateQueries({ queryKey: tradeKeys.orders() }),
    queryClient.invalidateQueries({ queryKey: tradeKeys.billLists() }),
    queryClient.invalidateQueries({ queryKey: tradeKeys.statement() }),
    queryClient.invalidateQueries({ queryKey: tradeKeys.withdrawalDetail() }),
  ]);
}

/**
 * Money moved outside the money screens (a game transfer, a live ticket): the balances and
 * everything the money screens show are read again.
 */
export async function moneyMoved(queryClient: QueryClient): Promise<void> {
  await Promise.all([walletChanged(queryClient), queryClient.invalidateQueries({ queryKey: tradeKeys.all })]);
}
