import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { validateIdSearch } from "../app/search";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/keywordsearch")({
  validateSearch: validateIdSearch,
  component: KeywordsearchPage,
});

function KeywordsearchPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`搜索结果`} />;
}
