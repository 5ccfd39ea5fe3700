import { useLingui } from "@lingui/react";
import { MoneyUnit, unitName } from "@platform/i18n";
import { useMessageText } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { useErrorText } from "../../components/useErrorText";
import { useTradeLabels } from "./labels";
import { useRefusals } from "./refusals";
import { useApi } from "../../app/useApi";

/**
 * What a money form (recharge, withdrawal) works with: the gold's name in the current language,
 * the words of messages, errors and money labels, the refusals, navigation, and the API client
 * (the intent key of its sends is its mutation hook's).
 */
export function useMoneyForm() {
  const { i18n } = useLingui();
  return {
    goldName: unitName(i18n, MoneyUnit.gold),
    text: useMessageText(),
    errorText: useErrorText(),
    labels: useTradeLabels(),
    refusals: useRefusals(),
    navigate: useNavigate(),
    api: useApi(),
  };
}
