import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { validateIdSearch } from "../app/route-search";
import { comingSoon } from "../components/comingSoon";

export const Route = createFileRoute("/editvideo")({
  validateSearch: validateIdSearch,
  // A later step builds this screen (one lazy chunk for all of them: components/comingSoon).
  codeSplitGroupings: [],
  component: comingSoon(msg`编辑视频`),
});
