import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/withdraw")({
  component: WithdrawPage,
});

function WithdrawPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`提现`} />;
}
