import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { validateIdSearch } from "../app/route-search";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/editvideo")({
  validateSearch: validateIdSearch,
  component: EditvideoPage,
});

function EditvideoPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`编辑视频`} />;
}
