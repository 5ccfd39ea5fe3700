import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/editprofile")({
  component: EditprofilePage,
});

function EditprofilePage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`编辑资料`} />;
}
