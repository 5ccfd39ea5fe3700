import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { validateOrderPageSearch } from "../app/route-search";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/orderdetails")({
  validateSearch: validateOrderPageSearch,
  component: OrderdetailsPage,
});

function OrderdetailsPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`订单详情`} />;
}
