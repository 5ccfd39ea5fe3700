import { useLingui } from "@lingui/react/macro";
import { EmptyState, IconButton, Spinner, VideoGrid, VideoRowList } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import type { CSSProperties, ReactNode } from "react";
import { PULL_REFRESHING_PX } from "./pull";
import { VideoLayout, videoLayoutAtom } from "./state";
import type { PullToRefresh } from "./usePullToRefresh";
import type { VideoListState } from "./useVideoList";
import "./videos.css";
import { useErrorText } from "../../components/useErrorText";
import { RetryState } from "../../components/RetryState";
import { PagedList } from "../../components/PagedList";

/** The header's refresh button: pull to refresh for people without touch. */
export function RefreshButton({ pull }: { readonly pull: PullToRefresh }) {
  const { t } = useLingui();
  return (
    <IconButton
      icon="refresh"
      label={t`刷新`}
      aria-busy={pull.refreshing || undefined}
      onClick={() => {
        void pull.refresh();
      }}
    />
  );
}

function PullIndicator({ pull }: { readonly pull: PullToRefresh }) {
  const { t } = useLingui();
  const words =
    pull.phase === "pulling"
      ? t`下拉刷新`
      : pull.phase === "armed"
        ? t`松开刷新`
        : pull.phase === "refreshing"
          ? t`正在刷新…`
          : "";
  return (
    <div className="h5-feed__pull" role="status" data-phase={pull.phase}>
      {pull.phase === "refreshing" ? <Spinner size={16} /> : null}
      {words === "" ? null : <span>{words}</span>}
    </div>
  );
}

export interface VideoFeedProps {
  readonly state: VideoListState;
  readonly pull: PullToRefresh;
  /** The list's accessible name. */
  readonly label: string;
  /** Under the empty state (e.g. clearing the filters). */
  readonly emptyAction?: ReactNode;
}

/**
 * A video list in the chosen layout, paging on scroll (InfiniteList: within 80 px of the bottom,
 * only while the last page was full and nothing loads), with pull to refresh, skeletons while the
 * first page loads, the empty state and the error state with a retry.
 */
export function VideoFeed({ state, pull, label, emptyAction }: VideoFeedProps) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const layout = useAtomValue(videoLayoutAtom);
  const { list, videos } = state;
  const List = layout === VideoLayout.rows ? VideoRowList : VideoGrid;

  const open = (id: string) => {
    void navigate({ to: "/videoview", search: { id } });
  };

  let content: ReactNode;
  if (list.data === undefined && list.isError) {
    content = (
      <RetryState
        message={errorText(list.error)}
        onRetry={() => {
          void list.refetch();
        }}
      />
    );
  } else if (list.data === undefined) {
    content = (
      <div className="h5-feed__scroll">
        <List videos={[]} onOpen={open} loading label={label} />
      </div>
    );
  } else if (videos.length === 0) {
    content = (
      <div className="h5-feed__scroll">
        <EmptyState picture="empty" description={t`暂无视频`} action={emptyAction} />
      </div>
    );
  } else {
    content = (
      <PagedList key={state.key} query={list}>
        <List videos={videos} onOpen={open} label={label} />
      </PagedList>
    );
  }

  const offset = pull.phase === "refreshing" ? PULL_REFRESHING_PX : pull.distance;
  return (
    <div
      className={`h5-feed__body${pull.dragging ? " h5-feed__body--dragging" : ""}`}
      style={{ "--h5-pull": `${String(offset)}px` } as CSSProperties}
      {...pull.handlers}
    >
      <PullIndicator pull={pull} />
      <div className="h5-feed__content">{content}</div>
    </div>
  );
}
