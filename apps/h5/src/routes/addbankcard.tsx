import { createFileRoute } from "@tanstack/react-router";
import { moneyScreen } from "../features/trade/routing";
import { validateAddBankCardSearch } from "../features/trade/search";

export const Route = createFileRoute("/addbankcard")({
  validateSearch: validateAddBankCardSearch,
  // The money screens share one lazy chunk with their catalog (features/trade/routing).
  codeSplitGroupings: [],
  component: moneyScreen((screens) => screens.AddBankCardScreen),
});
