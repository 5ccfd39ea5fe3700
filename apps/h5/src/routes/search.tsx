import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/search")({
  component: SearchPage,
});

function SearchPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`搜索`} />;
}
