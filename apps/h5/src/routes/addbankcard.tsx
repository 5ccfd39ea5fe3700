import { createFileRoute } from "@tanstack/react-router";
import { moneyScreen } from "../features/trade/routing";

export const Route = createFileRoute("/addbankcard")({
  // The money screens share one lazy chunk with their catalog (features/trade/routing).
  codeSplitGroupings: [],
  component: moneyScreen((screens) => screens.AddBankCardScreen),
});
