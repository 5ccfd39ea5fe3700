import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/myhistory")({
  component: MyhistoryPage,
});

function MyhistoryPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`历史记录`} />;
}
