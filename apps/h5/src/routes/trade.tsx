import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/trade")({
  component: TradePage,
});

function TradePage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`交易`} tabs />;
}
