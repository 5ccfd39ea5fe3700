import { useLingui } from "@lingui/react/macro";
import { isApiError } from "@platform/api-client";
import { loadServerMessages } from "@platform/i18n";
import { UploadProgress, useToast } from "@platform/ui";
import { useEffect, useId, useState } from "react";
import { errorText } from "../../app/error-text";
import { useApi } from "../../app/useApi";
import type { DraftUpload } from "./draft";
import { sizeText, videoFileProblem } from "./form";
import type { CreationConfig, FileRule } from "./form";
import { useUploadUsage } from "./queries";
import {
  cancelUpload,
  pauseUpload,
  resumeUpload,
  retryUpload,
  startUpload,
  useLiveUpload,
  videoTypeOf,
} from "./uploads";

/** The names people know the server's video types by (MP4, MOV, WEBM, MKV). */
function typeNames(types: readonly string[]): string {
  const names: Record<string, string> = {
    "video/quicktime": "MOV",
    "video/x-matroska": "MKV",
  };
  return types.map((type) => names[type] ?? type.replace(/^video\//, "").toUpperCase()).join(" / ");
}

/** The sentence of a failed upload, in the reader's language (the server's words loaded first). */
function useFailureText(error: unknown): string | null {
  const { i18n } = useLingui();
  const serverKey = isApiError(error) && error.msgKey?.startsWith("server.") === true;
  useEffect(() => {
    if (serverKey) void loadServerMessages(i18n).catch(() => undefined);
  }, [serverKey, i18n]);
  return error == null ? null : errorText(i18n, error);
}

/**
 * The video file of the editor: the picker (types and size checked against the server's rules),
 * the upload with its progress and pause / resume / cancel, and what the video's status allows —
 * a new post needs a file, a failed one a new file, one still uploading goes on with the same
 * file; any other keeps its file and the picker is not shown. An upload left unfinished (a reload)
 * goes on from the server's parts when the same file is chosen again, and the section says so.
 */
export function VideoFileSection({
  rule,
  config,
  owner,
  slot,
  stored,
  serverKey = null,
  statusReason,
  problem,
  inputId,
  onChosen,
}: {
  readonly rule: FileRule;
  readonly config: CreationConfig;
  readonly owner: string;
  readonly slot: string;
  /** The draft's upload of this slot (what a reload left). */
  readonly stored: DraftUpload | null;
  /**
   * The video's unfinished upload as the server holds it (status 15): the file chosen on a device
   * without the draft goes on from its parts when it is the same size, else starts afresh.
   */
  readonly serverKey?: string | null;
  /** Why the video's file failed (10, 18). */
  readonly statusReason: string | null;
  /** What the save found missing (no file, a failed upload). */
  readonly problem: string | null;
  readonly inputId: string;
  /** A file was taken (its upload starts). */
  readonly onChosen: (file: File) => void;
}) {
  const { t } = useLingui();
  const api = useApi();
  const toast = useToast();
  const live = useLiveUpload(owner, slot);
  const failure = useFailureText(live?.phase === "failed" ? live.error : null);
  // The storage shown follows the uploads: asked again when one finishes, fails or is cancelled.
  const usage = useUploadUsage(live?.phase);
  const [refusal, setRefusal] = useState<string | null>(null);
  const hintId = useId();
  const noticeId = useId();
  const errorId = useId();

  if (rule === "fixed" || rule === "published") {
    return (
      <p className="h5-posting-note">
        {rule === "published"
          ? t`已发布的视频不能更换视频文件，只能修改下面的信息；修改需要重新审核，审核通过前观众看到的仍是已发布的版本。`
          : t`视频文件已上传，不能更换。`}
      </p>
    );
  }

  const storage = usage.data ?? null;
  const used = sizeText(storage?.diskUsedBytes ?? 0);
  const limit = sizeText(storage?.diskLimitBytes ?? 0);

  const choose = (file: File) => {
    const problemOfFile = videoFileProblem(file, videoTypeOf(file), config);
    if (problemOfFile !== null) {
      const types = typeNames(config.videoTypes);
      const max = sizeText(config.videoMaxBytes);
      setRefusal(problemOfFile.kind === "type" ? t`请选择视频文件（${types}）` : t`视频文件不能超过 ${max}`);
      return;
    }
    // A new file that would not fit in the person's storage (the server says so too).
    const resumes = stored !== null || serverKey !== null;
    if (storage !== null && !resumes && storage.diskUsedBytes + file.size > storage.diskLimitBytes) {
      const needed = sizeText(file.size);
      setRefusal(
        t`存储空间不足：已用 ${used}，共 ${limit}，这个视频需要 ${needed}。请删除不需要的视频后再试。`,
      );
      return;
    }
    setRefusal(null);
    onChosen(file);
    startUpload({ api, owner, slot, file, stored, serverKey });
  };

  const error = refusal ?? problem;
  const storedName = stored?.name ?? "";
  const storedSize = sizeText(stored?.size ?? 0);
  const types = typeNames(config.videoTypes);
  const max = sizeText(config.videoMaxBytes);
  let notice: string | null = null;
  if (live === undefined && stored !== null) {
    notice = stored.done
      ? t`视频「${storedName}」已上传完成。`
      : t`上次的视频「${storedName}」（${storedSize}）还没有传完：选择同一个文件即可从中断处继续上传。`;
  } else if (live === undefined && rule === "resume") {
    notice = t`这个视频的文件还没有传完：选择同一个文件即可继续上传。`;
  }

  return (
    <div className="h5-posting-file">
      {rule === "replace" ? (
        <div className="h5-posting-alert" role="alert">
          <p>{t`这个视频的文件无法使用，请选择新的视频文件。`}</p>
          {statusReason !== null ? <p>{statusReason}</p> : null}
        </div>
      ) : null}
      {notice !== null ? (
        <p id={noticeId} className="h5-posting-note h5-posting-note--info">
          {notice}
        </p>
      ) : null}
      <div className="h5-posting-file__pick">
        <input
          id={inputId}
          className="pf-visually-hidden h5-posting-file__input"
          type="file"
          accept="video/*"
          data-testid="video-file"
          aria-describedby={[notice === null ? null : noticeId, hintId, error === null ? null : errorId]
            .filter((id) => id !== null)
            .join(" ")}
          aria-invalid={error !== null || undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // Cleared so that choosing the same file again (to go on with it) is a change too.
            event.currentTarget.value = "";
            if (file !== undefined) choose(file);
          }}
        />
        <label htmlFor={inputId} className="pf-button pf-button--secondary pf-button--md">
          {t`选择视频`}
        </label>
      </div>
      <p id={hintId} className="h5-posting-hint">
        {t`支持 ${types}，不超过 ${max}。选好后立即开始上传；上传过程中也可以先保存。如果上传中断或页面关闭，重新选择同一个文件即可从中断处继续上传。`}
      </p>
      {storage !== null ? (
        <p className="h5-posting-hint" data-testid="storage-usage">
          {t`存储空间：已用 ${used}，共 ${limit}`}
        </p>
      ) : null}
      {error !== null ? (
        <p id={errorId} className="h5-posting-error" role="alert">
          {error}
        </p>
      ) : null}
      {live !== undefined ? (
        <UploadProgress
          fileName={live.file.name}
          phase={live.phase}
          loaded={live.loaded}
          total={live.total}
          reason={failure}
          onPause={() => {
            pauseUpload(owner, slot);
          }}
          onResume={() => {
            resumeUpload(owner, slot);
          }}
          onRetry={() => {
            retryUpload(owner, slot);
          }}
          onCancel={() => {
            cancelUpload(owner, slot);
            toast.show(t`已取消上传`);
          }}
        />
      ) : null}
    </div>
  );
}
