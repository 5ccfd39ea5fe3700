import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/membervip")({
  component: MembervipPage,
});

function MembervipPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`超级会员`} />;
}
