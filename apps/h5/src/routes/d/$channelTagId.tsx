import { createFileRoute } from "@tanstack/react-router";
import { ChannelScreen } from "../../features/home/ChannelScreen";

/** The public channel page (spec §2), also under any sub-path (`/d/{id}/…`). */
export const Route = createFileRoute("/d/$channelTagId")({
  component: ChannelRoute,
});

function ChannelRoute() {
  const { channelTagId } = Route.useParams();
  return <ChannelScreen channelTagId={channelTagId} />;
}
