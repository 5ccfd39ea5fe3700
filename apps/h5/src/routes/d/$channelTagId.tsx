import { createFileRoute } from "@tanstack/react-router";
import { ChannelScreen } from "../../features/channel/ChannelScreen";
import { channelVideoQuery } from "../../features/videos/queries";
import { videoListQueryOptions } from "../../features/videos/queries";

/**
 * The public channel page (spec §2), also under any sub-path (`/d/{id}/…`). Its list call is public
 * on the server, so visitors without a session need no guest token.
 */
export const Route = createFileRoute("/d/$channelTagId")({
  // Starts the first page before the screen's code arrives, without holding the navigation. The
  // channel's name is the screen's to ask for (its code stays out of every page's first load).
  loader: ({ context, params }) => {
    void context.queryClient
      .infiniteQuery({
        ...videoListQueryOptions(context.api, channelVideoQuery(params.channelTagId)),
        staleTime: "static",
      })
      .catch(ignore);
  },
  component: ChannelRoute,
});

function ChannelRoute() {
  const { channelTagId } = Route.useParams();
  return <ChannelScreen channelTagId={channelTagId} />;
}

/** A failed prefetch is the screen's to show (the api-client has toasted it). */
function ignore(): void {
  // nothing to do here
}
