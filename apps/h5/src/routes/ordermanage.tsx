import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { validateOrderTabSearch } from "../app/route-search";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/ordermanage")({
  validateSearch: validateOrderTabSearch,
  component: OrdermanagePage,
});

function OrdermanagePage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`订单管理`} />;
}
