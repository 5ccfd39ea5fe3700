import { useLingui } from "@lingui/react/macro";
import { Page } from "../../components/Page";
import { LayoutToggle } from "./FilterControls";
import { channelVideoQuery } from "./queries";
import { usePullToRefresh } from "./usePullToRefresh";
import { useVideoList } from "./useVideoList";
import { RefreshButton, VideoFeed } from "./VideoFeed";

/** The public channel page /d/{channelTagId}: that channel's videos, signed in or not. */
export function ChannelScreen({ channelTagId }: { readonly channelTagId: string }) {
  const { t } = useLingui();
  const state = useVideoList(channelVideoQuery(channelTagId));
  const pull = usePullToRefresh(state.refreshFirstPage);
  return (
    <Page title={t`频道 ${channelTagId}`} tabs right={<RefreshButton pull={pull} />}>
      <div className="h5-feed">
        <div className="h5-feed__toolbar h5-feed__toolbar--end">
          <LayoutToggle />
        </div>
        <div className="h5-feed__panel">
          <VideoFeed state={state} pull={pull} label={t`频道视频`} />
        </div>
      </div>
    </Page>
  );
}
