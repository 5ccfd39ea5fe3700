import { useLingui } from "@lingui/react/macro";
import { isNotFound } from "@platform/domain";
import { Skeleton } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { NotFoundPage } from "../../components/NotFoundPage";
import { Page } from "../../components/Page";
import { channelIdOf, channelInfoQueryOptions, channelNameIn } from "./channel";
import { LayoutToggle } from "../videos/LayoutToggle";
import { usePullToRefresh } from "../videos/usePullToRefresh";
import { useVideoList } from "../videos/useVideoList";
import { RefreshButton, VideoFeed } from "../videos/VideoFeed";
import { channelVideoQuery } from "../videos/queries";
import { useApi } from "../../app/useApi";

/**
 * The public channel page /d/{channelTagId}: titled with the channel's name in the app's language,
 * that channel's videos, signed in or not. An address that names no channel is not found.
 */
export function ChannelScreen({ channelTagId }: { readonly channelTagId: string }) {
  const id = channelIdOf(channelTagId);
  return id === null ? <NotFoundPage /> : <ChannelPage key={id} channelTagId={channelTagId} id={id} />;
}

function ChannelPage({ channelTagId, id }: { readonly channelTagId: string; readonly id: string }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const info = useQuery(channelInfoQueryOptions(api, id));
  const state = useVideoList(channelVideoQuery(channelTagId));
  const pull = usePullToRefresh(state.refreshFirstPage);
  if (info.data === undefined && isNotFound(info.error)) return <NotFoundPage />;
  // While the name loads, a placeholder of its size; if it cannot load, the plain word.
  const title =
    info.data !== undefined ? (
      channelNameIn(info.data, i18n.locale)
    ) : info.isError ? (
      t`频道`
    ) : (
      <Skeleton width={96} height={18} />
    );
  return (
    <Page title={title} tabs right={<RefreshButton pull={pull} />}>
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
