import { createFileRoute } from "@tanstack/react-router";
import { HomeScreen } from "../features/home/HomeScreen";
import { classificationsQueryOptions, homeVideoQuery } from "../features/home/queries";
import { videoListQueryOptions } from "../features/videos/queries";
import { filtersOfSearch, validateHomeSearch } from "../features/home/search";

export const Route = createFileRoute("/home")({
  validateSearch: validateHomeSearch,
  loaderDeps: ({ search }) => filtersOfSearch(search),
  // Starts the first page (and the tabs) before the screen's code arrives, without holding the
  // navigation: a filter chip shows its choice at once and the list its skeletons meanwhile.
  loader: ({ context, deps }) => {
    // `staleTime: "static"`: cached data is used as it is (what ensureInfiniteQueryData did).
    void context.queryClient
      .infiniteQuery({ ...videoListQueryOptions(context.api, homeVideoQuery(deps)), staleTime: "static" })
      .catch(ignore);
    void context.queryClient
      .query({ ...classificationsQueryOptions(context.api), staleTime: "static" })
      .catch(ignore);
  },
  component: HomeScreen,
});

/** A failed prefetch is the screen's to show (the api-client has toasted it). */
function ignore(): void {
  // nothing to do here
}
