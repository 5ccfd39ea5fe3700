import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/mysettings")({
  component: MysettingsPage,
});

function MysettingsPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`设置`} />;
}
