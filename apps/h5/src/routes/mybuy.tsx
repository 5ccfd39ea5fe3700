import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/mybuy")({
  component: MybuyPage,
});

function MybuyPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`我的购买`} />;
}
