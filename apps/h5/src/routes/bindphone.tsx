import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/bindphone")({
  component: BindphonePage,
});

function BindphonePage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`绑定手机号`} />;
}
