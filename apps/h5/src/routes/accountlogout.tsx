import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/accountlogout")({
  component: AccountlogoutPage,
});

function AccountlogoutPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`注销账号`} />;
}
