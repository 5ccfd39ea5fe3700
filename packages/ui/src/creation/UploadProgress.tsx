import { useLingui } from "@lingui/react/macro";
import { Button } from "../primitives/Button";
import "./UploadProgress.css";

/**
 * Where an upload is (the api-client's `ResumableState`): getting its URLs, sending, paused by its
 * owner, waiting for the network, joining the parts, done, refused, or given up.
 */
export type UploadPhase =
  "idle" | "signing" | "uploading" | "paused" | "offline" | "completing" | "done" | "failed" | "cancelled";

export interface UploadProgressProps {
  /** The chosen file's name. */
  readonly fileName: string;
  readonly phase: UploadPhase;
  /** Bytes sent so far, and the file's size. */
  readonly loaded: number;
  readonly total: number;
  /** Why it failed (the server's refusal, in the reader's language). */
  readonly reason?: string | null;
  /** Shown while sending (or waiting to): stops sending, what arrived stays. */
  readonly onPause?: () => void;
  /** Shown while paused: goes on from the last part that arrived. */
  readonly onResume?: () => void;
  /** Shown until it is done: gives the upload up. */
  readonly onCancel?: () => void;
  /** Shown when it failed: starts it again. */
  readonly onRetry?: () => void;
}

const MIB = 1024 * 1024;

/** Megabytes with one decimal (two under 1 MB, so a small file does not read 0.0). */
function megabytes(bytes: number, total: number): string {
  return (bytes / MIB).toFixed(total < MIB ? 2 : 1);
}

/** Phases a pause can stop (completing is the server's, past pausing). */
const pausable = new Set<UploadPhase>(["signing", "uploading", "offline"]);

/**
 * A video upload's progress: the file, a bar with the percentage and the megabytes sent of the
 * whole, where it is in words (read out as it changes, with the percentage every tenth), the
 * refusal when it failed, and pause / resume / cancel / retry.
 */
export function UploadProgress({
  fileName,
  phase,
  loaded,
  total,
  reason,
  onPause,
  onResume,
  onCancel,
  onRetry,
}: UploadProgressProps) {
  const { t } = useLingui();
  const fraction = total > 0 ? Math.min(1, Math.max(0, loaded / total)) : phase === "done" ? 1 : 0;
  const percent = phase === "done" ? 100 : Math.floor(fraction * 100);
  const sent = megabytes(phase === "done" ? total : loaded, total);
  const size = megabytes(total, total);
  const step = Math.floor(percent / 10) * 10;
  const words: Record<UploadPhase, string> = {
    idle: t`准备上传…`,
    signing: t`准备上传…`,
    uploading: t`上传中`,
    paused: t`已暂停`,
    offline: t`网络已断开，等待网络恢复后自动继续…`,
    completing: t`正在完成上传…`,
    done: t`上传完成`,
    failed: t`上传失败`,
    cancelled: t`已取消上传`,
  };
  const tone =
    phase === "failed" || phase === "cancelled"
      ? "error"
      : phase === "done"
        ? "success"
        : phase === "paused" || phase === "offline"
          ? "warning"
          : "info";
  return (
    <div className={`pf-upload pf-upload--${tone}`} role="group" aria-label={t`视频上传`}>
      <div className="pf-upload__head">
        <span className="pf-upload__name">{fileName}</span>
        <span className="pf-upload__percent" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        className="pf-upload__bar"
        role="progressbar"
        aria-label={t`上传进度`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t`${percent}%，已上传 ${sent} MB，共 ${size} MB`}
      >
        <span className="pf-upload__fill" style={{ width: `${String(percent)}%` }} />
      </div>
      <div className="pf-upload__foot">
        <p className="pf-upload__state" role="status">
          {words[phase]}
          {phase === "uploading" ? <span className="pf-visually-hidden"> {step}%</span> : null}
        </p>
        <span className="pf-upload__bytes" aria-hidden="true">
          {t`${sent} MB / ${size} MB`}
        </span>
      </div>
      {phase === "failed" && reason ? (
        <p className="pf-upload__reason" role="alert">
          {reason}
        </p>
      ) : null}
      <div className="pf-upload__actions">
        {pausable.has(phase) && onPause ? (
          <Button variant="secondary" size="sm" onClick={onPause}>
            {t`暂停上传`}
          </Button>
        ) : null}
        {phase === "paused" && onResume ? (
          <Button size="sm" onClick={onResume}>
            {t`继续上传`}
          </Button>
        ) : null}
        {phase === "failed" && onRetry ? (
          <Button size="sm" onClick={onRetry}>
            {t`重新上传`}
          </Button>
        ) : null}
        {phase !== "done" && phase !== "cancelled" && onCancel ? (
          <Button variant="text" size="sm" onClick={onCancel}>
            {t`取消上传`}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
