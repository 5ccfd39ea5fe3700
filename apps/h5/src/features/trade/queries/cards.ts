import type { PlatformApi, ResponseOf } from "@platform/api-client";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { failed, succeeded } from "../../../app/mutation-events";
import type { MutationEvents } from "../../../app/mutation-events";
import { useApi } from "../../../app/useApi";
import { useApiMutation } from "../../../app/useApiMutation";
import { tradeKeys } from "./money";
import type { TradeApi } from "./money";

export type BankCard = ResponseOf<"trade.payeeCards">[number];
export type NewCard = Parameters<PlatformApi["trade"]["createPayee"]>[0];

export function cardsQueryOptions(api: TradeApi) {
  return queryOptions({
    queryKey: tradeKeys.cards(),
    queryFn: ({ signal }) => api.trade.payeeCards({}, { signal }),
  });
}

/** The cards changed: they and the withdrawal detail (its current card) are read again. */
async function cardsChanged(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: tradeKeys.cards() });
  await queryClient.invalidateQueries({ queryKey: tradeKeys.withdrawalDetail() });
}

/** A card's change (quiet: the screen toasts refusals); then the cards are read again. */
function useCardMutation<TData, TVariables>(
  call: (api: PlatformApi, variables: TVariables) => Promise<TData>,
  on: MutationEvents<TData, TVariables>,
) {
  return useApiMutation(call, on, cardsChanged);
}

/** Making a card (by id) the one withdrawals go to. */
export function useMakeCardCurrentMutation(on: MutationEvents<unknown, string> = {}) {
  return useCardMutation((api, id: string) => api.trade.updatePrimary({ id }, { quiet: true }), on);
}

/** Removing a card (by id). */
export function useRemoveCardMutation(on: MutationEvents<unknown, string> = {}) {
  return useCardMutation((api, id: string) => api.trade.removeCard({ id }, { quiet: true }), on);
}

/** Adding a card with the SMS code (quiet: the screen words refusals); then the cards are read again. */
export function useAddCardMutation(on: MutationEvents<ResponseOf<"trade.createPayee">, NewCard> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: NewCard) => api.trade.createPayee(card, { quiet: true }),
    onSuccess: (added, card) => succeeded(on, added, card, () => cardsChanged(queryClient)),
    onError: (error, card) => failed(on, error, card),
  });
}
