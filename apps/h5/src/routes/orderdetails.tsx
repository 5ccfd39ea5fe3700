import { createFileRoute } from "@tanstack/react-router";
import { moneyScreen } from "../features/trade/routing";
import { validateOrderDetailSearch } from "../features/trade/search";

export const Route = createFileRoute("/orderdetails")({
  // The tab (`page`, where the header's back returns) and the order shown (`orderNum`).
  validateSearch: validateOrderDetailSearch,
  // The money screens share one lazy chunk with their catalog (features/trade/routing).
  codeSplitGroupings: [],
  component: moneyScreen((screens) => screens.OrderDetailScreen),
});
