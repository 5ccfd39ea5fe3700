import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/accountsecuritysettings")({
  component: AccountsecuritysettingsPage,
});

function AccountsecuritysettingsPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`账号与安全`} />;
}
