import { createFileRoute } from "@tanstack/react-router";
import { validateIdSearch } from "../app/route-search";
import { KeywordSearchScreen } from "../features/search/KeywordSearchScreen";
import { videoSearchQuery, videoSearchQueryOptions } from "../features/search/queries";
import { wordsOf } from "../features/search/search";

export const Route = createFileRoute("/keywordsearch")({
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ keyword: wordsOf(search.id) }),
  // Starts the first page without holding the navigation (the screen shows skeletons meanwhile).
  loader: ({ context, deps }) => {
    if (deps.keyword === "") return;
    void context.queryClient
      .infiniteQuery({
        ...videoSearchQueryOptions(context.api, videoSearchQuery(deps.keyword)),
        staleTime: "static",
      })
      .catch(ignore);
  },
  component: KeywordSearchScreen,
});

/** A failed prefetch is the screen's to show (the api-client has toasted it). */
function ignore(): void {
  // nothing to do here
}
