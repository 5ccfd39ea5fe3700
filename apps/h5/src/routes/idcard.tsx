import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/idcard")({
  component: IdcardPage,
});

function IdcardPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`身份卡`} />;
}
