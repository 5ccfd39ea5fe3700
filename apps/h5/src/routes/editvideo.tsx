import { createFileRoute } from "@tanstack/react-router";
import { validateIdSearch } from "../app/route-search";
import { postingScreen } from "../features/posting/routing";

export const Route = createFileRoute("/editvideo")({
  validateSearch: validateIdSearch,
  // The posting screens are one lazy chunk with their catalog (features/posting/routing).
  codeSplitGroupings: [],
  component: postingScreen((screens) => screens.EditVideoScreen),
});
