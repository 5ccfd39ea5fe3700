import { createFileRoute } from "@tanstack/react-router";
import { validateFromSearch } from "../app/route-search";
import { libraryScreen } from "../features/library/routing";

export const Route = createFileRoute("/membervip")({
  validateSearch: validateFromSearch,
  // Membership and the library share one lazy chunk with their catalog (features/library/routing).
  codeSplitGroupings: [],
  component: libraryScreen((screens) => screens.MemberVipScreen),
});
