import { createFileRoute } from "@tanstack/react-router";
import { ChannelScreen } from "../../features/channel/ChannelScreen";

export const Route = createFileRoute("/d/$channelTagId/$")({
  component: ChannelSubRoute,
});

function ChannelSubRoute() {
  const { channelTagId } = Route.useParams();
  return <ChannelScreen channelTagId={channelTagId} />;
}
