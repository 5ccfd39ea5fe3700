import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/cardmanage")({
  component: CardmanagePage,
});

function CardmanagePage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`银行卡管理`} />;
}
