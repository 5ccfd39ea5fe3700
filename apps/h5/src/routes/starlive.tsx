import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/starlive")({
  component: StarlivePage,
});

function StarlivePage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`直播`} />;
}
