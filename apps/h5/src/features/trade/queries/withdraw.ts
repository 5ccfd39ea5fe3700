import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { failed, succeeded } from "../../../app/mutation-events";
import type { MutationEvents } from "../../../app/mutation-events";
import { useApi } from "../../../app/useApi";
import { TradeRefusal, tradeRefusalOf, useIntentKey } from "../refusals";
import { refreshMoney, tradeKeys } from "./money";
import type { TradeApi } from "./money";
import { storeOrder } from "./orders";
import type { WithdrawOrder } from "./orders";

export type WithdrawConfig = ResponseOf<"trade.withdrawConfig">;
export type WithdrawalDetail = ResponseOf<"trade.withdrawalDetail">;

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

/** A withdrawal: to a bank card (or as gold), or to the person's own EE wallet account. */
export type WithdrawRequest =
  | { readonly to: "bank"; readonly body: Parameters<PlatformApi["trade"]["withdrawal"]>[0] }
  | { readonly to: "eepay"; readonly body: Parameters<PlatformApi["trade"]["withdrawEEPay"]>[0] };

/**
 * Asking for a withdrawal (quiet: the screen words refusals; one Idempotency-Key per intent). The
 * new order is stored and the money read again (not waited for); a refusal for a balance too low
 * reads what can be withdrawn again.
 */
export function useWithdrawMutation(on: MutationEvents<WithdrawOrder, WithdrawRequest> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (request: WithdrawRequest) => {
      const options = { quiet: true, idempotencyKey: intent.keyFor(request.body) };
      return request.to === "eepay"
        ? api.trade.withdrawEEPay(request.body, options)
        : api.trade.withdrawal(request.body, options);
    },
    onSuccess: async (order, request) => {
      intent.settle();
      storeOrder(queryClient, order);
      void refreshMoney(queryClient);
      await succeeded(on, order, request);
    },
    onError: async (error, request) => {
      intent.settle(error);
      await failed(on, error, request, async () => {
        if (tradeRefusalOf(error) === TradeRefusal.balanceTooLow)
          await queryClient.invalidateQueries({ queryKey: tradeKeys.withdrawalDetail() });
      });
    },
  });
}
