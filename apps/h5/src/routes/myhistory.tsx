import { createFileRoute } from "@tanstack/react-router";
import { libraryScreen } from "../features/library/routing";

export const Route = createFileRoute("/myhistory")({
  // Membership and the library share one lazy chunk with their catalog (features/library/routing).
  codeSplitGroupings: [],
  component: libraryScreen((screens) => screens.MyHistoryScreen),
});
