import { preloadHlsPlayer } from "@platform/ui";
import { createFileRoute } from "@tanstack/react-router";
import { validateIdSearch } from "../app/route-search";
import { videoInfoQueryOptions } from "../features/video/queries";
import { VideoViewScreen } from "../features/video/VideoViewScreen";

export const Route = createFileRoute("/videoview")({
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  // The video's rights and sources, and the player's code (none where the browser plays HLS
  // itself), start loading with the navigation, before the screen's own code arrives; neither holds
  // the navigation up.
  loader: ({ context, deps }) => {
    if (deps.id === undefined || deps.id === "") return;
    context.queryClient.query(videoInfoQueryOptions(context.api, deps.id)).catch(ignore);
    preloadHlsPlayer();
  },
  component: VideoviewPage,
});

function VideoviewPage() {
  const { id } = Route.useSearch();
  return <VideoViewScreen id={id} />;
}

/** A failed prefetch is the screen's to show (the api-client has toasted it). */
function ignore(): void {
  // nothing to do here
}
