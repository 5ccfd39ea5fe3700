import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { validateIdSearch } from "../app/search";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/videoview")({
  validateSearch: validateIdSearch,
  component: VideoviewPage,
});

function VideoviewPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`视频`} />;
}
