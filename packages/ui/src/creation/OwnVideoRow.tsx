import { useLingui } from "@lingui/react/macro";
import { VIDEO_PUBLISHED, VideoStatus } from "@platform/domain";
import { VideoRowCard } from "../video/VideoRowCard";
import type { VideoCardData } from "../video/types";
import type { UploadPhase } from "./UploadProgress";
import "./OwnVideoRow.css";

/** What only the author sees of their video (the api-client's `owner` block). */
export interface OwnerNotes {
  /** Why it failed or was refused, in the reader's language. */
  readonly reason?: string | null;
  /** Processing (status 25): 0-100. */
  readonly progress?: number | null;
  /** An edit of the published video under review (40/50) or refused (60/70). */
  readonly edit?: { readonly status: number; readonly reason?: string | null } | null;
}

export interface OwnVideoRowProps {
  readonly video: VideoCardData;
  readonly owner?: OwnerNotes | null;
  /** The upload of its file going on in this tab (status 15), when there is one. */
  readonly upload?: { readonly phase: UploadPhase; readonly percent: number } | null;
  readonly onOpen: (id: string) => void;
  readonly onEdit: (id: string) => void;
  /** Asks nothing itself: the caller confirms. */
  readonly onDelete: (id: string) => void;
  readonly priority?: boolean;
}

const editRefused = new Set<number>([VideoStatus.wordsRefused, VideoStatus.rejected]);

/**
 * One of the author's own videos: the single-row card (review-status tip without an audit time,
 * red for failures; edit and delete), and under it what only the author sees — why it failed or
 * was refused (red), how far processing is, the upload of its file in this tab, and an edit of the
 * published video under review or refused.
 */
export function OwnVideoRow({
  video,
  owner,
  upload,
  onOpen,
  onEdit,
  onDelete,
  priority = false,
}: OwnVideoRowProps) {
  const { t } = useLingui();
  const progress = video.type === VideoStatus.processing ? (owner?.progress ?? 0) : null;
  const reason = owner?.reason ?? null;
  const edit = video.type === VIDEO_PUBLISHED ? (owner?.edit ?? null) : null;
  const editReason = edit?.reason ?? "";
  const uploading = video.type === VideoStatus.uploading ? (upload ?? null) : null;
  const percent = uploading?.percent ?? 0;
  const uploadWords: Partial<Record<UploadPhase, string>> = {
    paused: t`上传已暂停 ${percent}%`,
    offline: t`等待网络恢复… ${percent}%`,
    failed: t`上传失败`,
    completing: t`正在完成上传…`,
  };
  const hasNotes = progress !== null || reason !== null || edit !== null || uploading !== null;
  return (
    <div className="pf-own-video">
      <VideoRowCard
        video={video}
        onOpen={onOpen}
        onEdit={onEdit}
        onDelete={onDelete}
        showAuditTime
        priority={priority}
      />
      {hasNotes ? (
        <div className="pf-own-video__notes">
          {progress !== null ? (
            <div className="pf-own-video__progress">
              <span>{t`处理中 ${progress}%`}</span>
              <span
                className="pf-own-video__bar"
                role="progressbar"
                aria-label={t`处理进度`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
              >
                <span style={{ width: `${String(progress)}%` }} />
              </span>
            </div>
          ) : null}
          {uploading !== null ? (
            <p className="pf-own-video__note">{uploadWords[uploading.phase] ?? t`上传中 ${percent}%`}</p>
          ) : null}
          {reason !== null ? <p className="pf-own-video__reason">{reason}</p> : null}
          {edit !== null && editRefused.has(edit.status) ? (
            <p className="pf-own-video__reason">
              {editReason === "" ? t`修改未通过审核` : t`修改未通过审核：${editReason}`}
            </p>
          ) : edit !== null ? (
            <p className="pf-own-video__note">{t`修改审核中，通过前观众看到的是已发布的版本`}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
