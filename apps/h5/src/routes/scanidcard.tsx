import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/scanidcard")({
  component: ScanidcardPage,
});

function ScanidcardPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`扫描身份卡`} />;
}
