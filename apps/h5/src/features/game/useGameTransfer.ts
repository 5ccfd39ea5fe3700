import { useLingui } from "@lingui/react/macro";
import { isApiError } from "@platform/api-client";
import { ServerMessageKey } from "@platform/domain";
import type { Hundredths, TransferBalance } from "@platform/domain";
import { useToast } from "@platform/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { storeWallet } from "../../app/session/queries";
import { useApi } from "../../app/useApi";
import { moneyMoved } from "../trade/queries";
import { useIntentKey, useRefusals } from "../trade/refusals";
import { gameKeys } from "./queries";

/** The server's refusals the form words in place (the rest are toasts). */
const inPlace: readonly string[] = [ServerMessageKey.gameWagerPending, ServerMessageKey.balanceTooLow];

interface TransferBody {
  readonly fromType: TransferBalance;
  readonly toType: TransferBalance;
  readonly amount: Hundredths;
}

/**
 * The transfer call (quiet: refusals are worded here; one Idempotency-Key per intent). Done, the
 * balances are read again and the account wallet list (the 'my' panel's) takes the answer.
 */
export function useGameTransfer(on: { readonly done: () => void; readonly refused: (text: string) => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const refusals = useRefusals();
  const intent = useIntentKey();
  const queryClient = useQueryClient();
  const api = useApi();
  const readBalancesAgain = () => queryClient.invalidateQueries({ queryKey: gameKeys.balance() });
  return useMutation({
    mutationFn: (body: TransferBody) =>
      api.trade.userSelfTransfer(body, { quiet: true, idempotencyKey: intent.keyFor(body) }),
    onSuccess: async (wallet) => {
      intent.settle();
      on.done();
      storeWallet(queryClient, wallet);
      toast.show(t`转账成功`, { tone: "success" });
      // The balances and the money screens' data: the statement lists the gold moved.
      await Promise.all([readBalancesAgain(), moneyMoved(queryClient)]);
    },
    onError: async (error) => {
      intent.settle(error);
      if (!isApiError(error) || error.msgKey === null || !inPlace.includes(error.msgKey)) {
        refusals.toast(error);
        return;
      }
      on.refused(await refusals.text(error));
      await readBalancesAgain();
    },
  });
}
