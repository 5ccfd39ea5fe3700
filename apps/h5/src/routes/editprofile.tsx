import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { comingSoon } from "../components/comingSoon";

export const Route = createFileRoute("/editprofile")({
  // A later step builds this screen (one lazy chunk for all of them: components/comingSoon).
  codeSplitGroupings: [],
  component: comingSoon(msg`编辑资料`),
});
