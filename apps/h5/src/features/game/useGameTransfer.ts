import { useLingui } from "@lingui/react/macro";
import { useToast } from "@platform/ui";
import { useRefusals } from "../trade/refusals";
import { isGameTransferRefusal, useGameTransferMutation } from "./queries";

/**
 * The transfer form's call (features/game/queries: the cache follows the answer): done, a toast;
 * a refusal the form words in place (`refused`), else a toast.
 */
export function useGameTransfer(on: { readonly done: () => void; readonly refused: (text: string) => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const refusals = useRefusals();
  return useGameTransferMutation({
    onSuccess: () => {
      on.done();
      toast.show(t`转账成功`, { tone: "success" });
    },
    onError: async (error) => {
      if (!isGameTransferRefusal(error)) {
        refusals.toast(error);
        return;
      }
      on.refused(await refusals.text(error));
    },
  });
}
