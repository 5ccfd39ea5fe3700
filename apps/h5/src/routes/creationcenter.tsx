import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { validateIdSearch } from "../app/search";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/creationcenter")({
  validateSearch: validateIdSearch,
  component: CreationcenterPage,
});

function CreationcenterPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`创作中心`} />;
}
