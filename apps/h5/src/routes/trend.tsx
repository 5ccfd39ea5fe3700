import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/trend")({
  component: TrendPage,
});

function TrendPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`趋势`} tabs />;
}
