import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/editphone")({
  component: EditphonePage,
});

function EditphonePage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`修改手机号`} />;
}
