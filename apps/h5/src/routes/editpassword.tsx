import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/editpassword")({
  component: EditpasswordPage,
});

function EditpasswordPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`修改密码`} />;
}
