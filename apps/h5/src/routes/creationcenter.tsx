import { createFileRoute } from "@tanstack/react-router";
import { pageIdOf, validateIdSearch } from "../app/route-search";
import { ownIdOf } from "../app/session/own";
import { CreationCenterScreen } from "../features/creation/CreationCenterScreen";
import {
  authorQueryOptions,
  authorVideosQueryOptions,
  myVideosQueryOptions,
} from "../features/creation/queries";

export const Route = createFileRoute("/creationcenter")({
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: pageIdOf(search.id) }),
  // Starts the author and then their first page of videos without holding the navigation; the
  // videos wait for the author, so an id that is no one's asks for nothing more. One's own page
  // lists every video of one's own (getMyVideoList), not the published ones.
  loader: ({ context, deps }) => {
    const { api, queryClient } = context;
    // No id: one's own page (the 'my works' entries; a sign-in that began signed out).
    const id = deps.id ?? signedInIdOf(api);
    if (id === null) return;
    const own = id === ownIdOf(api);
    void queryClient
      .query(authorQueryOptions(api, id))
      .then(() =>
        own
          ? queryClient.infiniteQuery(myVideosQueryOptions(api))
          : queryClient.infiniteQuery(authorVideosQueryOptions(api, id)),
      )
      .catch(ignore);
  },
  component: CreationCenterPage,
  // The loader and the page in one lazy chunk: no other page's first load carries either (the
  // prefetch starts as soon as that chunk arrives, as the page itself would).
  codeSplitGroupings: [["loader", "component"]],
});

function CreationCenterPage() {
  const { id } = Route.useSearch();
  const { api } = Route.useRouteContext();
  return <CreationCenterScreen userId={pageIdOf(id) ?? signedInIdOf(api) ?? undefined} />;
}

/** The signed-in person's id, or null. */
function signedInIdOf(api: Parameters<typeof ownIdOf>[0]): string | null {
  const own = ownIdOf(api);
  return own === "" ? null : own;
}

/** A failed prefetch is the screen's to show (the api-client has toasted it). */
function ignore(): void {
  // nothing to do here
}
