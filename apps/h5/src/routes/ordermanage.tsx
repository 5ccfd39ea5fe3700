import { createFileRoute } from "@tanstack/react-router";
import { moneyScreen } from "../features/trade/routing";
import { validateOrderTabSearch } from "../app/route-search";

export const Route = createFileRoute("/ordermanage")({
  validateSearch: validateOrderTabSearch,
  // The money screens share one lazy chunk with their catalog (features/trade/routing).
  codeSplitGroupings: [],
  component: moneyScreen((screens) => screens.OrderManageScreen),
});
