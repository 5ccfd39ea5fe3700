import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ReactNode } from "react";
import { orderSources, withAdaptive } from "./playback";
import type { VideoSource } from "./playback";
import { PlayerControls } from "./PlayerControls";
import { PlayerOverlays } from "./PlayerOverlays";
import { useLatest } from "./playerUtils";
import { loadHlsPlayer } from "./nativeHls";
import type { ShakaLoader } from "./shaka";
import { useFullscreen } from "./useFullscreen";
import { useGestures } from "./useGestures";
import { useHostedVideo } from "./useHostedVideo";
import { useMediaElement } from "./useMediaElement";
import { useMediaSession } from "./useMediaSession";
import { usePreviewGate } from "./usePreviewGate";
import { useShakaEngine } from "./useShakaEngine";
import type { VideoPlayerError } from "./useShakaEngine";
import { useViewingReport } from "./useViewingReport";
import type { VideoPlayerReport } from "./useViewingReport";
import "./VideoPlayer.css";

export type { VideoPlayerError } from "./useShakaEngine";
export type { VideoPlayerReport } from "./useViewingReport";

export interface VideoPlayerProps {
  /** The renditions (`multiResolutionList`); the default one plays first. */
  readonly sources: readonly VideoSource[];
  /**
   * The master playlist (getInfoById's `adaptivePlayUrl`): then 'automatic' quality comes first in
   * the menu and plays first, starting at the lightest rendition and adapting up.
   */
  readonly adaptiveUrl?: string | null;
  readonly poster?: string;
  readonly title?: string;
  readonly author?: string;
  /** Added as `token` to every media request. */
  readonly token?: string | null;
  /** Added as `bus_platform_id` to every media request. */
  readonly busPlatformId?: string | null;
  /** Where a preview stops (seconds, domain `previewLimitSeconds`); null plays fully. */
  readonly previewLimitSeconds: number | null;
  /**
   * The video's whole length in seconds (its info's `videoLength`): a preview's media ends at the
   * limit, so the bar shows this length with the part past the limit locked.
   */
  readonly lengthSeconds?: number | null;
  /** Resume here (ms, the video's `seenMs`), kept below the preview limit. */
  readonly startPositionMs?: number;
  /** Change it (e.g. after a purchase) to reload the source at the current position and play. */
  readonly reloadKey?: unknown;
  /** The trial ended: the picture is covered by 'trial ended' and `trialEndedAction`. */
  readonly trialEnded?: boolean;
  readonly trialEndedAction?: ReactNode;
  /** Playback passed the preview limit (it is paused there): prompt to buy or join. */
  readonly onPreviewLimit?: () => void;
  /** On unmount and on pagehide, once playback has started: the position to report. */
  readonly onClose?: (report: VideoPlayerReport) => void;
  readonly onError?: (error: VideoPlayerError) => void;
  /** The viewer chose another rendition. */
  readonly onQualityChange?: (resolution: string) => void;
  /** Playback started or resumed (tracking). */
  readonly onPlay?: () => void;
  /** Playback reached the end of the video (tracking). */
  readonly onEnded?: () => void;
  readonly autoPlay?: boolean;
  /** Width / height of the box (default 16 / 9). */
  readonly aspectRatio?: number;
  /** Loads shaka; stories and tests pass a stand-in. Read once per attempt. */
  readonly loadShaka?: ShakaLoader;
}

/**
 * The video player (spec §2, §4): HLS through shaka-player, loaded when the player mounts, with
 * its own controls (play, progress, time, quality, full screen), the preview gate, resume, double
 * tap to seek, keyboard (Space or K plays, arrows seek, F full screen) and Media Session metadata.
 * Mount one per video (key it by the video's id).
 */
export function VideoPlayer({
  sources: renditions,
  adaptiveUrl,
  poster,
  title,
  author,
  token,
  busPlatformId,
  previewLimitSeconds,
  lengthSeconds = null,
  startPositionMs,
  reloadKey,
  trialEnded = false,
  trialEndedAction,
  onPreviewLimit,
  onClose,
  onError,
  onQualityChange,
  onPlay,
  onEnded,
  autoPlay = false,
  aspectRatio,
  loadShaka = loadHlsPlayer,
}: VideoPlayerProps) {
  const { t } = useLingui();
  const sources = withAdaptive(renditions, adaptiveUrl);
  const {
    video,
    videoRef,
    attach,
    playing,
    buffering,
    time,
    duration,
    playedRef,
    positionRef,
    togglePlay,
    seekBy,
    seekTo,
    events,
  } = useMediaElement(previewLimitSeconds);
  const [menuOpen, setMenuOpen] = useState(false);
  const latest = useLatest({ onPlay, onEnded, onPreviewLimit });

  /**
   * The bar moved: into the locked part, the playhead stays where it was, playback pauses and the
   * viewer is asked to buy or join (the gate does the same for playing on past the limit).
   */
  const seekFromBar = (seconds: number) => {
    if (previewLimitSeconds !== null && seconds > previewLimitSeconds) {
      video?.pause();
      latest.current.onPreviewLimit?.();
      return;
    }
    seekTo(seconds);
  };

  usePreviewGate(video, previewLimitSeconds, onPreviewLimit);
  // Before the engine, so it reads the position before shaka unloads.
  useViewingReport({ video, playedRef, positionRef, onClose });
  const engine = useShakaEngine({
    video,
    videoRef,
    positionRef,
    sources,
    token,
    busPlatformId,
    reloadKey,
    loadShaka,
    startPositionMs,
    previewLimitSeconds,
    autoPlay,
    trialEnded,
    onError,
    onQualityChange,
  });
  const { current, failure } = engine;
  const ready = !engine.loading && failure === null && current !== undefined;
  const { containerRef, fullscreen, toggleFullscreen } = useFullscreen(videoRef);
  const gestures = useGestures({
    playing,
    menuOpen,
    active: ready && !trialEnded,
    togglePlay,
    seekBy,
    toggleFullscreen,
  });

  const host = useHostedVideo({
    playlistUrl: orderSources(sources)[0]?.videoPlayUrl,
    poster,
    attach,
    handlers: {
      ...events,
      onPlay: () => {
        events.onPlay();
        gestures.onPlaybackStart();
        latest.current.onPlay?.();
      },
      onEnded: () => {
        events.onEnded();
        latest.current.onEnded?.();
      },
    },
  });
  useMediaSession({ video, title, author, poster, seekBy });

  return (
    <div
      ref={containerRef}
      className={["pf-player", fullscreen ? "pf-player--fullscreen" : ""].join(" ")}
      style={aspectRatio === undefined ? undefined : { aspectRatio: String(aspectRatio) }}
      role="region"
      aria-label={title || t`视频播放器`}
      aria-busy={engine.loading || buffering || undefined}
      tabIndex={0}
      onKeyDown={gestures.onKeyDown}
      onPointerMove={gestures.onPointerMove}
    >
      <div className="pf-player__media" ref={host} />

      <PlayerOverlays
        ready={ready}
        loading={engine.loading}
        buffering={buffering}
        playing={playing}
        failure={failure}
        trialEnded={trialEnded}
        trialEndedAction={trialEndedAction}
        previewLimitSeconds={previewLimitSeconds}
        flash={gestures.flash}
        onSurfaceClick={gestures.onSurfaceClick}
        onTogglePlay={togglePlay}
        onRetry={engine.retry}
      />

      {ready && !trialEnded ? (
        <PlayerControls
          visible={gestures.controlsVisible}
          playing={playing}
          time={time}
          duration={duration}
          lengthSeconds={lengthSeconds}
          previewLimitSeconds={previewLimitSeconds}
          sources={engine.sources}
          selected={current.resolution}
          menuOpen={menuOpen}
          onMenuOpenChange={setMenuOpen}
          onQualitySelect={engine.chooseQuality}
          fullscreen={fullscreen}
          onTogglePlay={togglePlay}
          onToggleFullscreen={toggleFullscreen}
          onSeek={seekFromBar}
        />
      ) : null}
    </div>
  );
}
