import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { validateCollectionSearch } from "../app/route-search";
import { comingSoon } from "../components/comingSoon";

export const Route = createFileRoute("/mycollection")({
  validateSearch: validateCollectionSearch,
  // A later step builds this screen (one lazy chunk for all of them: components/comingSoon).
  codeSplitGroupings: [],
  component: comingSoon(msg`我的收藏`),
});
