import { Trans } from "@lingui/react/macro";
import { durationOf } from "@platform/domain";
import type { MouseEvent, ReactNode } from "react";
import { Icon } from "../icons/Icon";
import { DOUBLE_TAP_SEEK_SECONDS } from "./playback";
import type { SeekFlash } from "./useGestures";
import type { PlayerFailure } from "./useShakaEngine";

export interface PlayerOverlaysProps {
  /** shaka is attached, nothing failed and there is a source. */
  readonly ready: boolean;
  /** shaka is still loading. */
  readonly loading: boolean;
  readonly buffering: boolean;
  readonly playing: boolean;
  readonly failure: PlayerFailure | null;
  readonly trialEnded: boolean;
  readonly trialEndedAction?: ReactNode;
  readonly previewLimitSeconds: number | null;
  readonly flash: SeekFlash | null;
  readonly onSurfaceClick: (event: MouseEvent<HTMLDivElement>) => void;
  readonly onTogglePlay: () => void;
  readonly onRetry: () => void;
}

/**
 * What lies over the picture, bottom to top: the tap surface, the preview note, loading, the big
 * play button, the seek feedback, the error with retry, and 'trial ended' with the app's action.
 */
export function PlayerOverlays({
  ready,
  loading,
  buffering,
  playing,
  failure,
  trialEnded,
  trialEndedAction,
  previewLimitSeconds,
  flash,
  onSurfaceClick,
  onTogglePlay,
  onRetry,
}: PlayerOverlaysProps) {
  const limitText = previewLimitSeconds === null ? null : durationOf(previewLimitSeconds * 1000);
  const seekSeconds = DOUBLE_TAP_SEEK_SECONDS;

  return (
    <>
      {ready && !trialEnded ? <div className="pf-player__surface" onClick={onSurfaceClick} /> : null}

      {ready && !trialEnded && limitText !== null ? (
        <p className="pf-player__preview-note">
          <Icon name="lock" size={14} />
          <Trans>可试看 {limitText}</Trans>
        </p>
      ) : null}

      {(loading || buffering) && failure === null && !trialEnded ? (
        <div className="pf-player__loading" role="status">
          <span className="pf-player__spinner" aria-hidden="true" />
          <span className="pf-visually-hidden">
            <Trans>视频加载中</Trans>
          </span>
        </div>
      ) : null}

      {ready && !trialEnded && !playing && !buffering ? (
        <button
          type="button"
          className="pf-player__big-play"
          aria-hidden="true"
          tabIndex={-1}
          onClick={onTogglePlay}
        >
          <Icon name="play" size={32} />
        </button>
      ) : null}

      <div className="pf-player__flash" aria-live="polite">
        {flash === null ? null : (
          <span
            key={flash.n}
            className={`pf-player__flash-chip pf-player__flash-chip--${flash.back ? "back" : "forward"}`}
          >
            {flash.back ? <Trans>后退 {seekSeconds} 秒</Trans> : <Trans>快进 {seekSeconds} 秒</Trans>}
          </span>
        )}
      </div>

      {failure !== null ? (
        <div className="pf-cover pf-player__state" role="alert">
          <p className="pf-player__state-text">
            {failure === "unsupported" ? (
              <Trans>当前浏览器不支持播放该视频</Trans>
            ) : (
              <Trans>视频加载失败</Trans>
            )}
          </p>
          <button type="button" className="pf-bare-button pf-text-button pf-player__retry" onClick={onRetry}>
            <Icon name="refresh" size={18} />
            <Trans>重试</Trans>
          </button>
        </div>
      ) : null}

      {trialEnded && failure === null ? (
        <div className="pf-cover pf-player__state pf-player__state--trial" role="status">
          <p className="pf-player__state-title">
            <Trans>试看结束</Trans>
          </p>
          {trialEndedAction}
        </div>
      ) : null}
    </>
  );
}
