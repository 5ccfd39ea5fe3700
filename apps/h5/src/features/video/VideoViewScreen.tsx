import { useLingui } from "@lingui/react/macro";
import type { PlatformApi, VideoDetail } from "@platform/api-client";
import { ReportTarget, isNotFound } from "@platform/domain";
import { Button, EmptyState, MembershipDialog, Skeleton, VideoRowList, formatPlayCount } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { Suspense, lazy, useDeferredValue, useEffect, useState } from "react";
import { routeFrom } from "../../app/route-from";
import { TrackEvent, track } from "../../app/tracking";
import { useAfterFirstPaint } from "../../app/useAfterFirstPaint";
import { useApi } from "../../app/useApi";
import { Page, SearchButton } from "../../components/Page";
import { useReport } from "../report";
import { AuthorRow } from "./AuthorRow";
import { useForgetVideoOnLeave } from "./mutations";
import { recommendationsQueryOptions, videoInfoQueryOptions } from "./queries";
import { VideoActions } from "./VideoActions";
import { VideoStage } from "./VideoStage";
import "./video.css";
import { useErrorText } from "../../components/useErrorText";
import { RetryState } from "../../components/RetryState";
import { LoadBoundary } from "../../components/LoadBoundary";

// Behind a tap, rendered after the first paint: their code is not in the page's first load either.
const VideoComments = lazy(() => import("./VideoComments").then((m) => ({ default: m.VideoComments })));
const CollectPopup = lazy(() => import("./CollectPopup").then((m) => ({ default: m.CollectPopup })));
const nothing = () => null;

/**
 * /videoview?id= (spec §2): the player with the rules of watching, the video's details and author,
 * like / comments / collect / share, and recommendations below. A missing or unknown id shows a
 * not-found state with a way home.
 */
export function VideoViewScreen({ id }: { readonly id: string | undefined }) {
  const api = useApi();
  if (id === undefined || id === "") return <VideoMissing />;
  return <VideoView key={id} api={api} id={id} />;
}

function VideoMissing({ message }: { readonly message?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <Page title={t`视频`} right={<SearchButton />}>
      <EmptyState
        picture="notFound"
        description={message ?? t`视频不存在或已下架`}
        action={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void navigate({ to: "/home" });
            }}
          >
            {t`返回首页`}
          </Button>
        }
      />
    </Page>
  );
}

function VideoView({ api, id }: { readonly api: PlatformApi; readonly id: string }) {
  const { t } = useLingui();
  const title = t`视频`;
  const errorText = useErrorText();
  const info = useQuery(videoInfoQueryOptions(api, id));
  // The next opening asks the server again (rights, resume position): nothing of this one stays.
  useForgetVideoOnLeave(id);

  const loadedId = info.data?.id;
  useEffect(() => {
    if (loadedId !== undefined) track(api, TrackEvent.videoView, { videoId: loadedId });
  }, [api, loadedId]);

  if (info.data === undefined && info.isError) {
    if (isNotFound(info.error)) return <VideoMissing message={errorText(info.error)} />;
    return (
      <Page title={title} right={<SearchButton />}>
        <RetryState message={errorText(info.error)} onRetry={() => void info.refetch()} />
      </Page>
    );
  }
  if (info.data === undefined) {
    return (
      <Page title={title} right={<SearchButton />}>
        <div className="h5-video" role="status" aria-label={t`正在加载视频`}>
          <div className="h5-video__stage-skeleton" />
          <div className="h5-video__body">
            <Skeleton height={20} width="80%" />
            <Skeleton lines={2} />
          </div>
        </div>
      </Page>
    );
  }
  return <VideoLoaded api={api} video={info.data} />;
}

function VideoLoaded({ api, video }: { readonly api: PlatformApi; readonly video: VideoDetail }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [collectOpen, setCollectOpen] = useState(false);
  const [membershipOpen, setMembershipOpen] = useState(false);
  const [introOpen, setIntroOpen] = useState(false);
  const report = useReport();
  // Below the fold and behind a tap: after the screen's first paint, not in its task.
  const painted = useAfterFirstPaint();
  const plays = formatPlayCount(video.playCount, i18n.locale);

  return (
    <Page title={t`视频`} right={<SearchButton />}>
      <article className="h5-video" aria-labelledby="h5-video-title">
        <VideoStage api={api} video={video} />
        <div className="h5-video__body">
          <h1 id="h5-video-title" className="h5-video__title">
            {video.videoTitle}
          </h1>
          <p className="h5-video__meta">{t`${plays} 次播放`}</p>
          {video.introduction !== "" ? (
            <div className="h5-video__intro">
              <p className={introOpen ? undefined : "h5-video__intro-text--clamped"}>{video.introduction}</p>
              <button
                type="button"
                className="h5-bare-button h5-video__more"
                aria-expanded={introOpen}
                onClick={() => {
                  setIntroOpen((v) => !v);
                }}
              >
                {introOpen ? t`收起` : t`展开`}
              </button>
            </div>
          ) : null}
          {video.tags.length > 0 ? (
            <ul className="h5-video__tags" aria-label={t`标签`}>
              {video.tags.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    className="h5-video__tag"
                    onClick={() => {
                      void navigate({ to: "/keywordsearch", search: { id: tag } });
                    }}
                  >
                    #{tag}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <AuthorRow api={api} video={video} />
          <VideoActions
            video={video}
            onOpenComments={() => {
              setCommentsOpen(true);
            }}
            onCollect={() => {
              setCollectOpen(true);
            }}
          />
        </div>

        <Recommendations api={api} videoId={video.id} enabled={painted} />
      </article>

      {painted ? (
        <LoadBoundary fallback={nothing}>
          <Suspense fallback={null}>
            <VideoComments
              api={api}
              video={video}
              open={commentsOpen}
              onClose={() => {
                setCommentsOpen(false);
              }}
              onRequireMembership={() => {
                setMembershipOpen(true);
              }}
              onReport={(comment) => {
                report.report({ type: ReportTarget.COMMENT, id: String(comment.id) });
              }}
            />
            <CollectPopup
              api={api}
              video={video}
              open={collectOpen}
              onClose={() => {
                setCollectOpen(false);
              }}
            />
          </Suspense>
        </LoadBoundary>
      ) : null}
      <MembershipDialog
        open={membershipOpen}
        onOpenMembership={() => {
          // Back from the member centre (or a purchase there) returns to this video.
          void navigate({ href: routeFrom("/membervip", router.state.location.href) });
        }}
        onCancel={() => {
          setMembershipOpen(false);
        }}
      />
      {report.element}
    </Page>
  );
}

/**
 * The related videos, below the fold: asked for after the first paint. Their own component, so
 * their answer re-renders only them; and the cards follow the skeleton in a deferred render that
 * yields, not in the urgent one the answer causes (Step 23's TBT).
 */
function Recommendations({
  api,
  videoId,
  enabled,
}: {
  readonly api: PlatformApi;
  readonly videoId: string;
  readonly enabled: boolean;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const recommendations = useQuery({ ...recommendationsQueryOptions(api, videoId), enabled });
  const videos = useDeferredValue(recommendations.data);
  return (
    <section className="h5-video__recommend" aria-labelledby="h5-video-recommend">
      <h2 id="h5-video-recommend" className="h5-video__section-title">
        {t`相关推荐`}
      </h2>
      {recommendations.isError && recommendations.data === undefined ? (
        <RetryState
          message={t`推荐加载失败`}
          onRetry={() => {
            void recommendations.refetch();
          }}
        />
      ) : videos?.length === 0 ? (
        <EmptyState picture="empty" description={t`暂无推荐`} />
      ) : (
        <VideoRowList
          videos={videos ?? []}
          loading={videos === undefined}
          label={t`相关推荐`}
          onOpen={(next) => {
            void navigate({ to: "/videoview", search: { id: next } });
          }}
        />
      )}
    </section>
  );
}
