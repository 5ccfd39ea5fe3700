import { createFileRoute } from "@tanstack/react-router";
import { validateCollectionSearch } from "../app/route-search";
import { libraryScreen } from "../features/library/routing";

export const Route = createFileRoute("/mycollection")({
  validateSearch: validateCollectionSearch,
  // Membership and the library share one lazy chunk with their catalog (features/library/routing).
  codeSplitGroupings: [],
  component: libraryScreen((screens) => screens.MyCollectionScreen),
});
