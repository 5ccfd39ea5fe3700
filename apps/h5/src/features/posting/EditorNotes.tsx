import { useLingui } from "@lingui/react/macro";
import type { VideoDetail } from "@platform/api-client";
import { VIDEO_PUBLISHED, VideoStatus, reviewStatusOf } from "@platform/domain";
import { useMessageText } from "@platform/ui";
import { fileRuleOf } from "./form";

/**
 * What the editor says above the form: a draft refilled it; the video's status (with its reason,
 * unless the file section says it: a failed file); a pending edit of a published video, under
 * review or refused with the reason.
 */
export function EditorNotes({
  video,
  restored,
}: {
  readonly video: VideoDetail | null;
  /** The form was refilled from a draft. */
  readonly restored: boolean;
}) {
  const { t } = useLingui();
  const text = useMessageText();
  const status = video?.type ?? null;
  const rule = fileRuleOf(status);
  const statusLabel = status === null ? null : reviewStatusOf(status);
  const edit = video?.owner?.edit ?? null;
  const editRefused =
    edit !== null && (edit.status === VideoStatus.wordsRefused || edit.status === VideoStatus.rejected);
  const editReason = edit?.reason ?? "";
  const reason = video?.owner?.reason ?? null;
  const progress = video?.owner?.progress ?? 0;
  const statusWords = statusLabel?.label == null ? "" : text(statusLabel.label);
  return (
    <>
      {restored ? (
        <p className="h5-posting-note h5-posting-note--info" role="status">
          {t`已恢复你上次没有保存的内容。`}
        </p>
      ) : null}
      {video !== null && statusLabel !== null ? (
        <div className={`h5-posting-status h5-posting-status--${statusLabel.severity}`}>
          <p>
            {status === VIDEO_PUBLISHED
              ? t`状态：已发布`
              : status === VideoStatus.processing
                ? t`状态：处理中 ${progress}%`
                : t`状态：${statusWords}`}
          </p>
          {reason !== null && rule !== "replace" ? (
            <p className="h5-posting-status__reason">{reason}</p>
          ) : null}
        </div>
      ) : null}
      {edit !== null ? (
        <div
          className={`h5-posting-status h5-posting-status--${editRefused ? "error" : "info"}`}
          role={editRefused ? "alert" : "status"}
        >
          <p>
            {editRefused
              ? t`你的修改未通过审核，观众看到的仍是已发布的版本。`
              : t`你的修改正在审核中，审核通过前观众看到的仍是已发布的版本。`}
          </p>
          {editRefused && editReason !== "" ? (
            <p className="h5-posting-status__reason">{editReason}</p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
