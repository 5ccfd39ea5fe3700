import { Trans, useLingui } from "@lingui/react/macro";
import { durationOf } from "@platform/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from "react";
import { Icon } from "../icons/Icon";
import {
  DOUBLE_TAP_MS,
  DOUBLE_TAP_SEEK_SECONDS,
  KEY_SEEK_SECONDS,
  clampPosition,
  orderSources,
  positionMs,
  resumeSeconds,
  seekTarget,
  tapZone,
} from "./playback";
import type { VideoSource } from "./playback";
import { QualityMenu } from "./QualityMenu";
import { HLS_MIME_TYPE, createMediaRequestFilter, loadShakaHls, withMediaParams } from "./shaka";
import type { MediaParams, ShakaLoader, ShakaPlayerLike } from "./shaka";
import { usePreviewGate } from "./usePreviewGate";
import "./VideoPlayer.css";

/** What went wrong: no HLS playback in this browser, the player or source failed, or playback. */
export interface VideoPlayerError {
  readonly kind: "unsupported" | "load" | "playback";
  readonly cause?: unknown;
}

/** The viewing report (doPlay): the position in ms and how many reports this viewing sent before. */
export interface VideoPlayerReport {
  readonly seenMs: number;
  readonly renewCount?: number;
}

export interface VideoPlayerProps {
  /** The renditions (`multiResolutionList`); the default one plays first. */
  readonly sources: readonly VideoSource[];
  readonly poster?: string;
  readonly title?: string;
  readonly author?: string;
  /** Added as `token` to every media request. */
  readonly token?: string | null;
  /** Added as `bus_platform_id` to every media request. */
  readonly busPlatformId?: string | null;
  /** Where a preview stops (seconds, domain `previewLimitSeconds`); null plays fully. */
  readonly previewLimitSeconds: number | null;
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

type Engine = { readonly status: "loading" } | { readonly status: "ready"; readonly player: ShakaPlayerLike };
type Failure = "unsupported" | "load";

/** How long controls stay visible while playing without any interaction. */
const CONTROLS_HIDE_MS = 3000;
/** How long the seek feedback shows. */
const SEEK_FLASH_MS = 700;
/** shaka's LOAD_INTERRUPTED: a newer load replaced this one (not a failure). */
const LOAD_INTERRUPTED = 7000;
const CRITICAL = 2;

function noop() {
  // Failures here (autoplay refused, orientation lock unsupported) change nothing for the viewer.
}

/** play() returns a promise in current browsers (rejected when autoplay is refused), nothing in old ones. */
function playQuietly(media: HTMLMediaElement) {
  const result = media.play() as Promise<void> | undefined;
  if (result !== undefined) result.catch(noop);
}

function percent(fraction: number): string {
  return `${String(Math.max(0, Math.min(1, fraction)) * 100)}%`;
}

function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

function shakaErrorOf(value: unknown): { readonly code?: unknown; readonly severity?: unknown } | null {
  return typeof value === "object" && value !== null ? value : null;
}

/** Screen orientation where locking may be missing (Safari, Firefox) or refused. */
interface LockableOrientation {
  lock?: (orientation: "landscape") => Promise<void>;
  unlock?: () => void;
}

function orientation(): LockableOrientation | null {
  if (typeof screen === "undefined" || !("orientation" in screen)) return null;
  const found: LockableOrientation = screen.orientation;
  return found;
}

/** Best effort: many browsers refuse (desktop, iOS); the video still plays full screen. */
function lockLandscape() {
  try {
    orientation()?.lock?.("landscape").catch(noop);
  } catch {
    noop();
  }
}

function unlockOrientation() {
  try {
    orientation()?.unlock?.();
  } catch {
    noop();
  }
}

/**
 * The video player (spec §2, §4): HLS through shaka-player, loaded when the player mounts, with
 * its own controls (play, progress, time, quality, full screen), the preview gate, resume, double
 * tap to seek, keyboard (Space or K plays, arrows seek, F full screen) and Media Session metadata.
 * Mount one per video (key it by the video's id).
 */
export function VideoPlayer({
  sources,
  poster,
  title,
  author,
  token,
  busPlatformId,
  previewLimitSeconds,
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
  loadShaka = loadShakaHls,
}: VideoPlayerProps) {
  const { t } = useLingui();
  const containerRef = useRef<HTMLDivElement | null>(null);
  // The element in state (effects and the gate follow it) and in a ref (handlers change it).
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const attachVideo = useCallback((node: HTMLVideoElement | null) => {
    videoRef.current = node;
    setVideo(node);
  }, []);
  const [engine, setEngine] = useState<Engine>({ status: "loading" });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const ordered = orderSources(sources);
  const [selected, setSelected] = useState<string | undefined>(ordered[0]?.resolution);
  const current = ordered.find((s) => s.resolution === selected) ?? ordered[0];
  const currentUrl = current?.videoPlayUrl;
  const ready = engine.status === "ready" && failure === null && current !== undefined;

  const [playing, setPlaying] = useState(false);
  const [buffering, setBuffering] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [menuOpen, setMenuOpen] = useState(false);
  const [controlsShown, setControlsShown] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const [flash, setFlash] = useState<{ readonly back: boolean; readonly n: number } | null>(null);

  const params = useLatest<MediaParams>({ token, busPlatformId });
  const latest = useLatest({
    loadShaka,
    startPositionMs,
    previewLimitSeconds,
    autoPlay,
    trialEnded,
    onClose,
    onError,
    onPlay,
    onEnded,
  });
  const playedRef = useRef(false);
  const positionRef = useRef(0);
  const loadedOnceRef = useRef(false);
  const playAfterLoadRef = useRef(false);
  const reloadKeyRef = useRef(reloadKey);
  const lastTapRef = useRef<number | null>(null);
  const tapTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flashTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastActivityRef = useRef(0);

  usePreviewGate(video, previewLimitSeconds, onPreviewLimit);

  // The viewing report, declared before the engine so it reads the position before shaka unloads.
  useEffect(() => {
    if (video === null) return undefined;
    let reports = 0;
    const report = () => {
      if (!playedRef.current) return;
      const seconds = video.currentTime || positionRef.current;
      latest.current.onClose?.({ seenMs: positionMs(seconds), renewCount: reports });
      reports += 1;
    };
    window.addEventListener("pagehide", report);
    return () => {
      window.removeEventListener("pagehide", report);
      report();
    };
  }, [video, latest]);

  // shaka: loaded, checked, attached, its requests signed.
  useEffect(() => {
    if (video === null) return undefined;
    let cancelled = false;
    // A function, so the checks after each await read the variable afresh.
    const stopped = () => cancelled;
    let player: ShakaPlayerLike | null = null;
    const fail = (kind: Failure, cause?: unknown) => {
      if (stopped()) return;
      setFailure(kind);
      latest.current.onError?.(cause === undefined ? { kind } : { kind, cause });
    };
    void (async () => {
      try {
        const shaka = await latest.current.loadShaka();
        if (stopped()) return;
        shaka.polyfill?.installAll();
        if (!shaka.Player.isBrowserSupported()) {
          fail("unsupported");
          return;
        }
        player = new shaka.Player();
        await player.attach(video);
        if (stopped()) return;
        player.getNetworkingEngine()?.registerRequestFilter(createMediaRequestFilter(() => params.current));
        player.addEventListener("error", (event) => {
          const error = shakaErrorOf((event as Event & { detail?: unknown }).detail);
          if (stopped() || error?.severity !== CRITICAL) return;
          setFailure("load");
          latest.current.onError?.({ kind: "playback", cause: error });
        });
        setEngine({ status: "ready", player });
      } catch (cause) {
        fail("load", cause);
      }
    })();
    return () => {
      cancelled = true;
      void player?.destroy().catch(noop);
    };
  }, [video, attempt, latest, params]);

  // The source: the first load resumes; a quality switch keeps the position; a new reloadKey
  // (a purchase) reloads where playback stands and plays.
  useEffect(() => {
    if (engine.status !== "ready" || video === null || currentUrl === undefined) return undefined;
    const reloaded = reloadKeyRef.current !== reloadKey;
    reloadKeyRef.current = reloadKey;
    const first = !loadedOnceRef.current;
    const start = first
      ? resumeSeconds(latest.current.startPositionMs, latest.current.previewLimitSeconds)
      : video.currentTime || positionRef.current;
    const play = first ? latest.current.autoPlay : reloaded || playAfterLoadRef.current;
    playAfterLoadRef.current = false;
    let cancelled = false;
    engine.player.load(withMediaParams(currentUrl, params.current), start, HLS_MIME_TYPE).then(
      () => {
        if (cancelled) return;
        loadedOnceRef.current = true;
        if (play && !latest.current.trialEnded) playQuietly(video);
      },
      (cause: unknown) => {
        if (cancelled || shakaErrorOf(cause)?.code === LOAD_INTERRUPTED) return;
        setFailure("load");
        latest.current.onError?.({ kind: "load", cause });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [engine, video, currentUrl, reloadKey, latest, params]);

  useEffect(() => {
    if (trialEnded && video !== null && !video.paused) video.pause();
  }, [trialEnded, video]);

  // Media Session: the lock screen and notification show the title, author and poster.
  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return undefined;
    if (typeof MediaMetadata === "undefined") return undefined;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({
      title: title ?? "",
      artist: author ?? "",
      artwork: poster ? [{ src: poster }] : [],
    });
    return () => {
      session.metadata = null;
    };
  }, [title, author, poster]);

  useEffect(() => {
    const onChange = () => {
      setFullscreen(
        document.fullscreenElement != null && document.fullscreenElement === containerRef.current,
      );
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => {
      document.removeEventListener("fullscreenchange", onChange);
    };
  }, []);

  // While playing, the controls fade after a few idle seconds (focus inside keeps them, in CSS).
  useEffect(() => {
    if (!playing || !controlsShown || menuOpen) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (ms: number) => {
      timer = setTimeout(() => {
        const idle = Date.now() - lastActivityRef.current;
        if (idle >= CONTROLS_HIDE_MS) setControlsShown(false);
        else schedule(CONTROLS_HIDE_MS - idle);
      }, ms);
    };
    schedule(CONTROLS_HIDE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [playing, controlsShown, menuOpen]);

  useEffect(
    () => () => {
      clearTimeout(tapTimerRef.current);
      clearTimeout(flashTimerRef.current);
    },
    [],
  );

  const togglePlay = useCallback(() => {
    const media = videoRef.current;
    if (media === null) return;
    if (media.paused) playQuietly(media);
    else media.pause();
  }, []);

  const seekBy = useCallback(
    (delta: number) => {
      const media = videoRef.current;
      if (media === null) return;
      media.currentTime = seekTarget(media.currentTime, delta, {
        limitSeconds: previewLimitSeconds,
        durationSeconds: media.duration,
      });
    },
    [previewLimitSeconds],
  );

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator) || video === null) {
      return undefined;
    }
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      [
        "play",
        () => {
          playQuietly(video);
        },
      ],
      [
        "pause",
        () => {
          video.pause();
        },
      ],
      [
        "seekbackward",
        () => {
          seekBy(-DOUBLE_TAP_SEEK_SECONDS);
        },
      ],
      [
        "seekforward",
        () => {
          seekBy(DOUBLE_TAP_SEEK_SECONDS);
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        noop();
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          noop();
        }
      }
    };
  }, [video, seekBy]);

  const showFlash = (back: boolean) => {
    setFlash((previous) => ({ back, n: (previous?.n ?? 0) + 1 }));
    clearTimeout(flashTimerRef.current);
    flashTimerRef.current = setTimeout(() => {
      setFlash(null);
    }, SEEK_FLASH_MS);
  };

  const toggleFullscreen = () => {
    const container = containerRef.current;
    const media = videoRef.current;
    if (container === null || media === null) return;
    if (document.fullscreenElement != null) {
      void document.exitFullscreen().catch(noop);
      unlockOrientation();
      return;
    }
    if (typeof container.requestFullscreen === "function") {
      const landscape = media.videoWidth > 0 && media.videoWidth >= media.videoHeight;
      container.requestFullscreen().then(() => {
        if (landscape) lockLandscape();
      }, noop);
      return;
    }
    // iOS Safari: only the video element itself goes full screen.
    (media as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
  };

  const retry = () => {
    setFailure(null);
    setEngine({ status: "loading" });
    setAttempt((n) => n + 1);
  };

  const chooseQuality = (resolution: string) => {
    playAfterLoadRef.current = videoRef.current !== null && !videoRef.current.paused;
    setSelected(resolution);
    onQualityChange?.(resolution);
  };

  const onSurfaceClick = (event: MouseEvent<HTMLDivElement>) => {
    lastActivityRef.current = Date.now();
    const now = performance.now();
    const last = lastTapRef.current;
    if (last !== null && now - last < DOUBLE_TAP_MS) {
      lastTapRef.current = null;
      clearTimeout(tapTimerRef.current);
      const rect = event.currentTarget.getBoundingClientRect();
      const zone = tapZone(event.clientX - rect.left, rect.width);
      if (zone === "middle") {
        togglePlay();
      } else {
        seekBy(zone === "back" ? -DOUBLE_TAP_SEEK_SECONDS : DOUBLE_TAP_SEEK_SECONDS);
        showFlash(zone === "back");
      }
      return;
    }
    lastTapRef.current = now;
    clearTimeout(tapTimerRef.current);
    tapTimerRef.current = setTimeout(() => {
      lastTapRef.current = null;
      setControlsShown((shown) => !shown);
    }, DOUBLE_TAP_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    lastActivityRef.current = Date.now();
    if (!controlsShown) setControlsShown(true);
    // Keys on a control (a button, the progress slider, the menu) do what that control does.
    if (event.target !== event.currentTarget || !ready || trialEnded) return;
    switch (event.key) {
      case " ":
      case "k":
      case "K":
        event.preventDefault();
        togglePlay();
        break;
      case "ArrowLeft":
        event.preventDefault();
        seekBy(-KEY_SEEK_SECONDS);
        break;
      case "ArrowRight":
        event.preventDefault();
        seekBy(KEY_SEEK_SECONDS);
        break;
      case "f":
      case "F":
        event.preventDefault();
        toggleFullscreen();
        break;
      default:
        break;
    }
  };

  const onMediaTime = () => {
    const media = videoRef.current;
    if (media === null) return;
    positionRef.current = media.currentTime;
    setTime(media.currentTime);
  };

  const limitText = previewLimitSeconds === null ? null : durationOf(previewLimitSeconds * 1000);
  const shownDuration = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const timeText = durationOf(time * 1000);
  const durationText = durationOf(shownDuration * 1000);
  const shownTime = Math.min(time, shownDuration);
  const limitFraction =
    previewLimitSeconds !== null && shownDuration > 0
      ? Math.min(1, previewLimitSeconds / shownDuration)
      : null;
  const controlsVisible = controlsShown || !playing || menuOpen;
  const seekSeconds = DOUBLE_TAP_SEEK_SECONDS;

  return (
    <div
      ref={containerRef}
      className={["pf-player", fullscreen ? "pf-player--fullscreen" : ""].join(" ")}
      style={aspectRatio === undefined ? undefined : { aspectRatio: String(aspectRatio) }}
      role="region"
      aria-label={title || t`视频播放器`}
      aria-busy={engine.status === "loading" || buffering || undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerMove={() => {
        lastActivityRef.current = Date.now();
        if (!controlsShown) setControlsShown(true);
      }}
    >
      <video
        ref={attachVideo}
        className="pf-player__video"
        poster={poster}
        playsInline
        preload="metadata"
        onPlay={() => {
          playedRef.current = true;
          lastActivityRef.current = Date.now();
          setPlaying(true);
          setControlsShown(true);
          latest.current.onPlay?.();
        }}
        onPause={() => {
          setPlaying(false);
          onMediaTime();
        }}
        onEnded={() => {
          setPlaying(false);
          latest.current.onEnded?.();
        }}
        onTimeUpdate={onMediaTime}
        onSeeked={() => {
          onMediaTime();
          setBuffering(false);
        }}
        onDurationChange={() => {
          if (videoRef.current !== null) setDuration(videoRef.current.duration);
        }}
        onLoadStart={() => {
          setBuffering(true);
        }}
        onWaiting={() => {
          setBuffering(true);
        }}
        onLoadedData={() => {
          setBuffering(false);
        }}
        onCanPlay={() => {
          setBuffering(false);
        }}
        onPlaying={() => {
          setBuffering(false);
        }}
      />

      {ready && !trialEnded ? <div className="pf-player__surface" onClick={onSurfaceClick} /> : null}

      {ready && !trialEnded && limitText !== null ? (
        <p className="pf-player__preview-note">
          <Icon name="lock" size={14} />
          <Trans>可试看 {limitText}</Trans>
        </p>
      ) : null}

      {(engine.status === "loading" || buffering) && failure === null && !trialEnded ? (
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
          onClick={togglePlay}
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
        <div className="pf-player__state" role="alert">
          <p className="pf-player__state-text">
            {failure === "unsupported" ? (
              <Trans>当前浏览器不支持播放该视频</Trans>
            ) : (
              <Trans>视频加载失败</Trans>
            )}
          </p>
          <button type="button" className="pf-player__retry" onClick={retry}>
            <Icon name="refresh" size={18} />
            <Trans>重试</Trans>
          </button>
        </div>
      ) : null}

      {trialEnded && failure === null ? (
        <div className="pf-player__state pf-player__state--trial" role="status">
          <p className="pf-player__state-title">
            <Trans>试看结束</Trans>
          </p>
          {trialEndedAction}
        </div>
      ) : null}

      {ready && !trialEnded ? (
        <div
          className={["pf-player__controls", controlsVisible ? "" : "pf-player__controls--hidden"].join(" ")}
        >
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
                const media = videoRef.current;
                if (media === null) return;
                // Past the preview limit the gate rewinds and prompts.
                media.currentTime = clampPosition(Number(event.currentTarget.value), {
                  limitSeconds: null,
                  durationSeconds: media.duration,
                });
              }}
            />
            {limitFraction === null ? null : (
              <span
                className="pf-player__limit-mark"
                style={{ left: percent(limitFraction) }}
                aria-hidden="true"
              />
            )}
          </div>
          <div className="pf-player__bar">
            <button
              type="button"
              className="pf-player__button"
              aria-label={playing ? t`暂停` : t`播放`}
              onClick={togglePlay}
            >
              <Icon name={playing ? "pause" : "play"} />
            </button>
            <span className="pf-player__time" aria-hidden="true">
              {timeText} / {durationText}
            </span>
            <span className="pf-player__spacer" />
            <QualityMenu
              sources={ordered}
              selected={current.resolution}
              open={menuOpen}
              onOpenChange={setMenuOpen}
              onSelect={chooseQuality}
            />
            <button
              type="button"
              className="pf-player__button"
              aria-label={fullscreen ? t`退出全屏` : t`全屏`}
              aria-pressed={fullscreen}
              onClick={toggleFullscreen}
            >
              <Icon name="fullscreen" />
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
