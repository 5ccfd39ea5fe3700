import { useLingui } from "@lingui/react/macro";
import { Page, SearchButton } from "../../components/Page";
import { LayoutToggle } from "../videos/LayoutToggle";
import { usePullToRefresh } from "../videos/usePullToRefresh";
import { useVideoPages } from "../videos/useVideoList";
import { RefreshButton, VideoFeed } from "../videos/VideoFeed";
import { trendQueryOptions } from "./queries";
import { useApi } from "../../app/useApi";

/**
 * /trend (the tab bar's 'trend'): the videos most played in the last week, most first, in the
 * chosen layout, paging on scroll, with pull to refresh — the server ranks them (`trendList`).
 */
export function TrendScreen() {
  const { t } = useLingui();
  const api = useApi();
  const state = useVideoPages(trendQueryOptions(api));
  const pull = usePullToRefresh(state.refreshFirstPage);
  return (
    <Page
      title={t`趋势`}
      tabs
      right={
        <>
          <SearchButton />
          <RefreshButton pull={pull} />
        </>
      }
    >
      <div className="h5-feed">
        <div className="h5-feed__toolbar">
          <p className="h5-feed__note">{t`近 7 天播放最多的视频，按近 7 天的播放次数`}</p>
          <LayoutToggle />
        </div>
        <VideoFeed state={state} pull={pull} label={t`趋势视频列表`} />
      </div>
    </Page>
  );
}
