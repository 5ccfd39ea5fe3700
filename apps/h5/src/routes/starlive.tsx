import { createFileRoute } from "@tanstack/react-router";
import { validateLiveSearch } from "../app/route-search";
import { liveScreen } from "../features/live/routing";

export const Route = createFileRoute("/starlive")({
  validateSearch: validateLiveSearch,
  // Live rooms are a lazy chunk of their own with their catalog (features/live/routing).
  codeSplitGroupings: [],
  component: liveScreen((screens) => screens.LiveScreen),
});
