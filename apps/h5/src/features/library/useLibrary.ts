import { useLingui } from "@lingui/react";
import { productMessages } from "@platform/i18n";
import { useMessageText, useToast } from "@platform/ui";
import { useRefusals } from "../trade/refusals";
import { useApi } from "../../app/useApi";

/**
 * What the library's editing screens share: the api, a domain message's text,
 * toasts (and 'delete success'), and the server's refusals in the reader's language.
 */
export function useLibrary() {
  const { i18n } = useLingui();
  const toast = useToast();
  return {
    api: useApi(),
    text: useMessageText(),
    toast,
    refusals: useRefusals(),
    deleted: () => {
      toast.show(i18n._(productMessages.deleteSuccess), { tone: "success" });
    },
  };
}
