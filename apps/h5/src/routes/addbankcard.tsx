import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/addbankcard")({
  component: AddbankcardPage,
});

function AddbankcardPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`添加银行卡`} />;
}
