import { useLingui } from "@lingui/react/macro";
import { useLingui as useI18n } from "@lingui/react";
import type { Video } from "@platform/api-client";
import { VIDEO_PUBLISHED, VideoStatus, WatchLevel } from "@platform/domain";
import { productMessages } from "@platform/i18n";
import { Dialog, EmptyState, OwnVideoRow, VideoRowList, useToast } from "@platform/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { PagedList } from "../../components/PagedList";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { myVideosQueryOptions, useReadMyVideosAgain } from "../creation/queries";
import { videosOfPages } from "../videos/queries";
import { earningsQueryOptions, useDeleteMyVideoMutation } from "./queries";
import { EarningsPanel } from "./EarningsPanel";
import { cancelUpload, onUploadFinished, useLiveUploads } from "./uploads";
import "./posting.css";
import { useOwnId } from "../../app/session/own";
import { useApi } from "../../app/useApi";
import { useSettled } from "../../app/settled";

/** Statuses the server moves on by itself: the list asks again every few seconds while one shows. */
const moving = new Set<number>([VideoStatus.queued, VideoStatus.processing, VideoStatus.autoReview]);
const REFRESH_MS = 5000;

/**
 * The owner's works on their own /creationcenter: every video of theirs from getMyVideoList (not
 * only the published ones) as single rows — the review-status tip (spec §4), why one failed or was
 * refused (red), processing progress, the upload of a file going on in this tab, an edit under
 * review — with edit (→ /editvideo?id=) and delete (asked first; 'delete success', the list
 * reloads), and a button to post a new video.
 */
export function OwnerWorks({ header }: { readonly header: ReactNode }) {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const api = useApi();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const readMyVideosAgain = useReadMyVideosAgain();
  const owner = useOwnId();
  const list = useInfiniteQuery({
    ...myVideosQueryOptions(api),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.records.some((v) => moving.has(v.type))) === true
        ? REFRESH_MS
        : false,
  });
  const videos = useMemo(() => videosOfPages(list.data), [list.data]);
  const uploads = useLiveUploads();
  const [deleting, setDeleting] = useState<Video | null>(null);
  const closeDialog = () => {
    setDeleting(null);
  };
  const worksId = useId();

  // A file that finished arriving moves its video on (15 → 20): ask the server again.
  useEffect(() => onUploadFinished(readMyVideosAgain), [readMyVideosAgain]);

  // Then the list is read again (the hook).
  const remove = useDeleteMyVideoMutation({
    onSuccess: (_none, video) => {
      closeDialog();
      // Its file need not go on arriving.
      cancelUpload(owner, video.id);
      toast.show(i18n._(productMessages.deleteSuccess), { tone: "success" });
    },
    onError: closeDialog,
  });

  const label = t`作品列表`;
  const edit = (id: string) => {
    void navigate({ to: "/editvideo", search: { id } });
  };
  const open = (id: string) => {
    const video = videos.find((v) => v.id === id);
    if (video?.type === VIDEO_PUBLISHED) void navigate({ to: "/videoview", search: { id } });
    else edit(id);
  };
  const uploadOf = (video: Video) => {
    const live = uploads.get(`${owner}:${video.id}`);
    if (live === undefined) return null;
    const percent = live.total > 0 ? Math.floor((live.loaded / live.total) * 100) : 0;
    return { phase: live.phase, percent };
  };

  // The earnings panel sits above the works: they show once it is settled too (CLS).
  const earnings = useQuery(earningsQueryOptions(api));
  const earningsSettled = useSettled(earnings);
  let works: ReactNode;
  if (list.data === undefined) {
    works = list.isError ? (
      <RetryState compact message={errorText(list.error)} onRetry={() => void list.refetch()} />
    ) : (
      <VideoRowList videos={[]} onOpen={open} loading label={label} />
    );
  } else if (videos.length === 0) {
    works = <EmptyState compact picture="empty" description={t`你还没有发布作品`} />;
  } else {
    works = (
      <ul role="list" className="pf-video-rows" aria-label={label}>
        {videos.map((video, index) => (
          <li key={video.id}>
            <OwnVideoRow
              video={video}
              owner={video.owner}
              upload={uploadOf(video)}
              onOpen={open}
              onEdit={edit}
              onDelete={() => {
                setDeleting(video);
              }}
              priority={index < 2}
            />
          </li>
        ))}
      </ul>
    );
  }

  // Until the earnings are settled, only the list's skeleton under the header: the panel and the
  // works then come in together, and nothing already drawn moves down (Lighthouse measured 0.087).
  const content = (
    <>
      {header}
      {earningsSettled ? (
        <>
          <EarningsPanel earnings={earnings.data} />
          <section className="h5-creation__works" aria-labelledby={worksId}>
            <div className="h5-posting-works__head">
              <h2 id={worksId} className="h5-creation__works-title">
                {t`作品`}
              </h2>
              <Link to="/editvideo" className="pf-button pf-button--primary pf-button--sm">
                {t`发布视频`}
              </Link>
            </div>
            {works}
          </section>
        </>
      ) : (
        <VideoRowList videos={[]} onOpen={open} loading label={label} />
      )}
    </>
  );
  const deletingTitle = deleting?.videoTitle ?? "";
  return (
    <>
      {videos.length > 0 ? (
        <PagedList query={list}>{content}</PagedList>
      ) : (
        <div className="h5-creation__scroll">{content}</div>
      )}
      <Dialog
        open={deleting !== null}
        title={t`删除视频`}
        tone="danger"
        confirmLabel={t`删除`}
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting !== null) remove.mutate(deleting);
        }}
        onCancel={closeDialog}
      >
        <p className="h5-posting-dialog-text">{t`《${deletingTitle}》删除后无法恢复。`}</p>
        {deleting?.watchLevel === WatchLevel.CHARGE ? (
          <p className="h5-posting-dialog-text">{t`已购买这个视频的观众会收到退款。`}</p>
        ) : null}
      </Dialog>
    </>
  );
}
