import { useLingui } from "@lingui/react/macro";
import { durationOf } from "@platform/domain";
import type { CSSProperties } from "react";
import { Icon } from "../icons/Icon";
import type { VideoSource } from "./playback";
import { QualityMenu } from "./QualityMenu";

export interface PlayerControlsProps {
  /** Shown, or faded out while playing untouched. */
  readonly visible: boolean;
  readonly playing: boolean;
  /** The position and the media's length in seconds (an unknown length shows as 0). */
  readonly time: number;
  readonly duration: number;
  /**
   * The video's whole length in seconds (its info), when known: a preview's media ends at its
   * limit, so the bar and the time show this length, the part past the limit marked locked.
   */
  readonly lengthSeconds?: number | null;
  /** Where a preview stops (seconds), marked on the progress bar; null plays fully. */
  readonly previewLimitSeconds: number | null;
  /** The renditions in menu order, and the one playing. */
  readonly sources: readonly VideoSource[];
  readonly selected: string;
  readonly menuOpen: boolean;
  readonly onMenuOpenChange: (open: boolean) => void;
  readonly onQualitySelect: (resolution: string) => void;
  readonly fullscreen: boolean;
  readonly onTogglePlay: () => void;
  readonly onToggleFullscreen: () => void;
  /** The viewer moved the progress bar to this second. */
  readonly onSeek: (seconds: number) => void;
}

function percent(fraction: number): string {
  return `${String(Math.max(0, Math.min(1, fraction)) * 100)}%`;
}

/**
 * The player's bottom bar: progress over the video's whole length (the preview's part playable, the
 * rest marked locked), play, time, quality, full screen.
 */
export function PlayerControls({
  visible,
  playing,
  time,
  duration,
  lengthSeconds = null,
  previewLimitSeconds,
  sources,
  selected,
  menuOpen,
  onMenuOpenChange,
  onQualitySelect,
  fullscreen,
  onTogglePlay,
  onToggleFullscreen,
  onSeek,
}: PlayerControlsProps) {
  const { t } = useLingui();
  const mediaDuration = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const shownDuration = Math.max(mediaDuration, lengthSeconds ?? 0);
  const timeText = durationOf(time * 1000);
  const durationText = durationOf(shownDuration * 1000);
  const shownTime = Math.min(time, shownDuration);
  const limitFraction =
    previewLimitSeconds !== null && shownDuration > 0
      ? Math.min(1, previewLimitSeconds / shownDuration)
      : null;

  return (
    <div className={["pf-player__controls", visible ? "" : "pf-player__controls--hidden"].join(" ")}>
      <div className="pf-player__track">
        <input
          type="range"
          className="pf-player__progress"
          min={0}
          max={shownDuration}
          step={1}
          value={shownTime}
          aria-label={t`播放进度`}
          aria-valuetext={t`${timeText} / ${durationText}`}
          style={{ "--pf-player-played": percent(shownTime / (shownDuration || 1)) } as CSSProperties}
          onChange={(event) => {
            onSeek(Number(event.currentTarget.value));
          }}
        />
        {limitFraction === null || limitFraction >= 1 ? null : (
          <>
            <span
              className="pf-player__locked"
              data-testid="player-locked"
              style={{ left: percent(limitFraction) }}
              aria-hidden="true"
            />
            <span
              className="pf-player__limit-mark"
              style={{ left: percent(limitFraction) }}
              aria-hidden="true"
            />
          </>
        )}
      </div>
      <div className="pf-player__bar">
        <button
          type="button"
          className="pf-player__button"
          aria-label={playing ? t`暂停` : t`播放`}
          onClick={onTogglePlay}
        >
          <Icon name={playing ? "pause" : "play"} />
        </button>
        <span className="pf-player__time" aria-hidden="true">
          {timeText} / {durationText}
        </span>
        <span className="pf-player__spacer" />
        <QualityMenu
          sources={sources}
          selected={selected}
          open={menuOpen}
          onOpenChange={onMenuOpenChange}
          onSelect={onQualitySelect}
        />
        <button
          type="button"
          className="pf-player__button"
          aria-label={fullscreen ? t`退出全屏` : t`全屏`}
          aria-pressed={fullscreen}
          onClick={onToggleFullscreen}
        >
          <Icon name="fullscreen" />
        </button>
      </div>
    </div>
  );
}
