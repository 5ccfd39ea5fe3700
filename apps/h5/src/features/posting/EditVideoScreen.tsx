import { useLingui } from "@lingui/react/macro";
import { isNotFound, wholeNumberText } from "@platform/domain";
import { EmptyState, Skeleton, SkeletonGroup } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Link, getRouteApi } from "@tanstack/react-router";
import { Page } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { NEW_POST } from "./draft";
import { creationConfigQueryOptions, ownVideoQueryOptions } from "./queries";
import { VideoEditor } from "./VideoEditor";
import "./posting.css";
import { useOwnId } from "../../app/session/own";
import { useApi } from "../../app/useApi";

const route = getRouteApi("/editvideo");

/**
 * /editvideo: post a new video; /editvideo?id={videoId}: edit one's own (its pending edit when
 * there is one). Loading, failed (retry) and not-found states; an id that is not a video id, or
 * someone else's video, is not found.
 */
export function EditVideoScreen() {
  const { t } = useLingui();
  const { id: rawId } = route.useSearch();
  const api = useApi();
  const errorText = useErrorText();
  const given = rawId !== undefined && rawId.trim() !== "";
  const id = given ? wholeNumberText(rawId, 1) : null;
  const owner = useOwnId();
  const config = useQuery(creationConfigQueryOptions(api));
  const video = useQuery({ ...ownVideoQueryOptions(api, id ?? ""), enabled: id !== null });
  const title = given ? t`编辑视频` : t`发布视频`;

  if ((given && id === null) || (video.isError && isNotFound(video.error)))
    return <NotYours title={title} missing />;
  if (video.data !== undefined && video.data.owner === undefined) return <NotYours title={title} />;
  const failed = config.isError ? config : id !== null && video.isError ? video : null;
  if (failed !== null) {
    return (
      <Page title={title}>
        <RetryState message={errorText(failed.error)} onRetry={() => void failed.refetch()} />
      </Page>
    );
  }
  if (config.data === undefined || (id !== null && video.data === undefined)) {
    return (
      <Page title={title}>
        <div className="h5-posting" aria-busy="true">
          <SkeletonGroup>
            <Skeleton height={96} radius={10} />
            <Skeleton height={44} radius={6} />
            <Skeleton height={120} radius={6} />
            <Skeleton height={44} radius={6} />
          </SkeletonGroup>
        </div>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <VideoEditor
        key={`${owner}:${id ?? NEW_POST}`}
        config={config.data}
        video={video.data ?? null}
        owner={owner}
      />
    </Page>
  );
}

function NotYours({ title, missing = false }: { readonly title: string; readonly missing?: boolean }) {
  const { t } = useLingui();
  return (
    <Page title={title}>
      <EmptyState
        picture="notFound"
        description={missing ? t`找不到这个视频` : t`只能编辑自己发布的视频`}
        action={
          <Link to="/home" className="pf-button pf-button--secondary pf-button--sm">
            {t`返回首页`}
          </Link>
        }
      />
    </Page>
  );
}
