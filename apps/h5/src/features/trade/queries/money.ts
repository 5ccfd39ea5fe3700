import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { firstPageParam, limits, nextPageParam } from "@platform/domain";
import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { failed, succeeded } from "../../../app/mutation-events";
import type { MutationEvents } from "../../../app/mutation-events";
import { storeWallet, walletChanged } from "../../../app/session/queries";
import type { Wallet } from "../../../app/session/queries";
import { useApi } from "../../../app/useApi";
import { TradeRefusal, tradeRefusalOf, useIntentKey } from "../refusals";

/**
 * The money screens' server state: one key root, "trade", for all of it (orders, recharge,
 * withdrawal, cards, statement; the balances are the session's, app/session/queries). This file
 * holds the root, what the others share, the statement and the transfer between balances.
 */
export const tradeKeys = {
  all: ["trade"] as const,
  payConfig: () => [...tradeKeys.all, "payConfig"] as const,
  orders: () => [...tradeKeys.all, "order"] as const,
  order: (tab: string, orderNum: string) => [...tradeKeys.orders(), tab, orderNum] as const,
  billLists: () => [...tradeKeys.all, "bills"] as const,
  bills: (tab: string) => [...tradeKeys.billLists(), tab] as const,
  statement: () => [...tradeKeys.all, "statement"] as const,
  withdrawConfig: () => [...tradeKeys.all, "withdrawConfig"] as const,
  withdrawalDetail: () => [...tradeKeys.all, "withdrawalDetail"] as const,
  cards: () => [...tradeKeys.all, "cards"] as const,
  eepayBalance: () => [...tradeKeys.all, "eepay", "balance"] as const,
  eepayEnterUrl: () => [...tradeKeys.all, "eepay", "enterUrl"] as const,
};

/** The calls of the money screens (a narrow slice, so tests can hand in a fake). */
export interface TradeApi {
  readonly trade: PlatformApi["trade"];
}

export type StatementLine = ResponseOf<"trade.statement">["records"][number];
export type StatementPage = ResponseOf<"trade.statement">;

/** Page size of the order lists and the statement (spec §9). */
export const TRADE_PAGE_SIZE = limits.pageSize;

/** The page after these, from the last page's cursor (domain `nextPageParam`). */
export function nextTradePage(
  lastPage: { readonly records: readonly unknown[]; readonly cursor?: string | null },
  allPages: readonly unknown[],
) {
  return nextPageParam(lastPage, allPages.length, TRADE_PAGE_SIZE);
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

export type TransferBody = Parameters<PlatformApi["trade"]["userSelfTransfer"]>[0];

/**
 * Moving money between the wallet and the gold (quiet: refusals are the screen's to word; one
 * Idempotency-Key per intent). The answer is the new wallet list, which the cache takes; then the
 * statement is read again. A refusal for a balance too low reads the balances again.
 */
export function useTransferMutation(on: MutationEvents<Wallet, TransferBody> = {}) {
  return useSelfTransferMutation(
    on,
    (queryClient) => queryClient.invalidateQueries({ queryKey: tradeKeys.statement() }),
    async (queryClient, error) => {
      if (tradeRefusalOf(error) === TradeRefusal.balanceTooLow) await walletChanged(queryClient);
    },
  );
}

/**
 * Any move between one's own balances (wallet, gold, game): quiet, one Idempotency-Key per
 * intent, the answer's wallet list stored; then `readAgain` once done, or `refused` on a refusal.
 */
export function useSelfTransferMutation<TBody extends TransferBody>(
  on: MutationEvents<Wallet, TBody>,
  readAgain: (queryClient: QueryClient) => Promise<unknown>,
  refused: (queryClient: QueryClient, error: Error) => Promise<unknown>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (body: TBody) =>
      api.trade.userSelfTransfer(body, { quiet: true, idempotencyKey: intent.keyFor(body) }),
    onSuccess: async (wallet, body) => {
      intent.settle();
      storeWallet(queryClient, wallet);
      await succeeded(on, wallet, body, () => readAgain(queryClient));
    },
    onError: async (error, body) => {
      intent.settle(error);
      await failed(on, error, body, () => refused(queryClient, error));
    },
  });
}
