import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { validateCollectionSearch } from "../app/route-search";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/mycollection")({
  validateSearch: validateCollectionSearch,
  component: MycollectionPage,
});

function MycollectionPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`我的收藏`} />;
}
