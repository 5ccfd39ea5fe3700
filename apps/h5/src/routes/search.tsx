import { createFileRoute } from "@tanstack/react-router";
import {
  hotTagsQueryOptions,
  memberSearchQueryOptions,
  videoSearchQuery,
  videoSearchQueryOptions,
} from "../features/search/queries";
import { SearchTab, tabOfSearch, validateSearchPageSearch } from "../features/search/search";
import { SearchScreen } from "../features/search/SearchScreen";

export const Route = createFileRoute("/search")({
  validateSearch: validateSearchPageSearch,
  loaderDeps: ({ search }) => ({ q: search.q ?? "", tab: tabOfSearch(search) }),
  // Starts the first page of the shown tab (or the hot tags) before the screen's code arrives,
  // without holding the navigation: the screen shows its skeletons meanwhile.
  loader: ({ context, deps }) => {
    const { queryClient, api } = context;
    if (deps.q === "") {
      void queryClient.query({ ...hotTagsQueryOptions(api), staleTime: "static" }).catch(ignore);
    } else if (deps.tab === SearchTab.video) {
      void queryClient
        .infiniteQuery({ ...videoSearchQueryOptions(api, videoSearchQuery(deps.q)), staleTime: "static" })
        .catch(ignore);
    } else {
      void queryClient
        .infiniteQuery({ ...memberSearchQueryOptions(api, deps.q), staleTime: "static" })
        .catch(ignore);
    }
  },
  component: SearchScreen,
});

/** A failed prefetch is the screen's to show (the api-client has toasted it). */
function ignore(): void {
  // nothing to do here
}
