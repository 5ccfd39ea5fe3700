import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Icon } from "../icons/Icon";
import type { VideoSource } from "../player/playback";
import { noop, playQuietly, useLatest } from "../player/playerUtils";
import { QualityMenu } from "../player/QualityMenu";
import { attachShaka, httpStatusOf } from "../player/attachShaka";
import { HLS_MIME_TYPE, withMediaParams } from "../player/shaka";
import type { MediaParams, ShakaLoader, ShakaPlayerLike } from "../player/shaka";
import "./live.css";

/** What a live player shows: connecting, playing, waiting for a dropped stream, failed, ended. */
export type LivePlayerState = "connecting" | "playing" | "reconnecting" | "failed" | "ended";

/** The parts of shaka a live player adds (stand-ins may lack them). */
interface LiveShakaPlayer extends ShakaPlayerLike {
  configure?: (config: object) => boolean;
  seekRange?: () => { start: number; end: number };
  goToLive?: () => void;
  unload?: () => Promise<unknown>;
}

export interface LivePlayerProps {
  /** The room's master playlist (adaptive: the player picks the rendition). */
  readonly autoUrl: string;
  /** One playlist per rendition, for the quality menu. */
  readonly renditions: readonly VideoSource[];
  readonly token?: string | null;
  readonly busPlatformId?: string | null;
  readonly loadShaka: ShakaLoader;
  /** The broadcast ended: the player stops retrying and says so. */
  readonly ended: boolean;
  /** A new broadcast (the room went live again): load it afresh. */
  readonly broadcastKey?: string | null;
  readonly poster?: string | null;
  readonly title: string;
  readonly onStateChange?: (state: LivePlayerState) => void;
  /**
   * The playlist answered 403: this viewer may not watch the room now (it turned ticket-only or
   * members-only). The player stops retrying and says it cannot play; the caller reads the room's
   * access again and offers what it needs.
   */
  readonly onRefused?: () => void;
}

const AUTO = "auto";
/** Seconds behind the live edge after which 'back to live' is offered. */
const BEHIND_LIVE_SECONDS = 8;
/** Waits between reconnect attempts (the last repeats). */
const RETRY_MS = [1000, 2000, 4000];
/** What shaka reports when a request is answered 403 (the server refused this viewer). */
const REFUSED = { code: 1001, data: [null, 403] };
/** Buffering this long while live means the stream dropped. */
const STALL_MS = 3000;

/**
 * A live room's player (decision 0022): shaka at the live edge (a few seconds behind it, caught up
 * by playing slightly faster after a stall), adaptive by default with a quality menu of the
 * renditions, reconnecting by itself while the room is live, and saying when the broadcast ended.
 * Muted autoplay when the browser refuses sound, with a button to turn it on.
 */
export function LivePlayer({
  autoUrl,
  renditions,
  token,
  busPlatformId,
  loadShaka,
  ended,
  broadcastKey,
  poster,
  title,
  onStateChange,
  onRefused,
}: LivePlayerProps) {
  const { t } = useLingui();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [player, setPlayer] = useState<LiveShakaPlayer | null>(null);
  const [state, setState] = useState<LivePlayerState>(ended ? "ended" : "connecting");
  const [quality, setQuality] = useState(AUTO);
  const [menuOpen, setMenuOpen] = useState(false);
  const [muted, setMuted] = useState(false);
  const [paused, setPaused] = useState(false);
  const [behind, setBehind] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const params = useLatest<MediaParams>({ token, busPlatformId });
  const latest = useLatest({ loadShaka, onStateChange, ended });
  // A ref of React's own (stable, like the setters), so the callbacks below stay effect-free.
  const refusedRef = useRef(onRefused);
  useEffect(() => {
    refusedRef.current = onRefused;
  });
  const autoLabel = t`自动`;
  /**
   * Load again after a wait, saying so (the room is live, so the stream should come back) — unless
   * the server refused this viewer: retrying would only be refused again.
   */
  const retry = (error?: unknown) => {
    if (httpStatusOf(error) === 403) {
      // Refused: stop, say it cannot play, and tell the caller.
      setState("failed");
      refusedRef.current?.();
      return;
    }
    setState("reconnecting");
    setAttempt((n) => n + 1);
  };
  const sources: VideoSource[] = [{ resolution: AUTO, videoPlayUrl: autoUrl }, ...renditions];
  const url = sources.find((s) => s.resolution === quality)?.videoPlayUrl ?? autoUrl;

  const shown: LivePlayerState = ended ? "ended" : state;
  useEffect(() => {
    latest.current.onStateChange?.(shown);
  }, [shown, latest]);

  // shaka: loaded once, attached, its requests signed, set for live.
  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return undefined;
    let cancelled = false;
    // A function, so the checks after each await read the variable afresh.
    const stopped = () => cancelled;
    let made: LiveShakaPlayer | null = null;
    void (async () => {
      try {
        const attached = await attachShaka<LiveShakaPlayer>({
          load: latest.current.loadShaka,
          media: video,
          params: () => params.current,
          stopped,
          made: (player) => {
            made = player;
          },
          onCritical: retry,
          onRefused: () => {
            void made?.unload?.().catch(noop);
            retry(REFUSED);
          },
        });
        if (attached === "unsupported") setState("failed");
        else if (attached !== null) {
          attached.configure?.({
            streaming: {
              retryParameters: { maxAttempts: 3, baseDelay: 500, backoffFactor: 2 },
              liveSync: { enabled: true, targetLatency: 3, targetLatencyTolerance: 1, maxPlaybackRate: 1.1 },
            },
          });
          setPlayer(attached);
        }
      } catch {
        if (!stopped()) setState("failed");
      }
    })();
    return () => {
      cancelled = true;
      setPlayer(null);
      void made?.destroy().catch(noop);
    };
    // retry only sets state: the first render's is as good as any.
  }, [latest, params]);

  // The stream: loaded at the live edge; again after a failure (with a wait) while the room is live.
  useEffect(() => {
    const video = videoRef.current;
    if (player === null || video === null) return undefined;
    if (ended) return undefined;
    let cancelled = false;
    const wait = attempt === 0 ? 0 : (RETRY_MS[Math.min(attempt - 1, RETRY_MS.length - 1)] ?? 4000);
    const timer = setTimeout(() => {
      player.load(withMediaParams(url, params.current), null, HLS_MIME_TYPE).then(
        () => {
          if (cancelled) return;
          setState("playing");
          const played = video.play() as Promise<void> | undefined;
          // Autoplay with sound refused: play muted, and offer the sound.
          played?.catch(() => {
            video.muted = true;
            setMuted(true);
            playQuietly(video);
          });
        },
        (error: unknown) => {
          if (!cancelled) retry(error);
        },
      );
    }, wait);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [player, url, attempt, ended, broadcastKey, params]);

  // A stall while live is a dropped stream until frames come again; behind the edge offers 'live'.
  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return undefined;
    let stalledAt: number | null = null;
    const onWaiting = () => {
      stalledAt = Date.now();
    };
    const onPlaying = () => {
      stalledAt = null;
      setState((s) => (s === "ended" ? s : "playing"));
    };
    const onPause = () => {
      setPaused(video.paused);
    };
    video.addEventListener("waiting", onWaiting);
    video.addEventListener("playing", onPlaying);
    video.addEventListener("pause", onPause);
    video.addEventListener("play", onPause);
    const timer = setInterval(() => {
      if (stalledAt !== null && Date.now() - stalledAt > STALL_MS && !latest.current.ended)
        setState((s) => (s === "playing" ? "reconnecting" : s));
      const end = player?.seekRange?.().end;
      setBehind(end !== undefined && Number.isFinite(end) && end - video.currentTime > BEHIND_LIVE_SECONDS);
    }, 1000);
    return () => {
      video.removeEventListener("waiting", onWaiting);
      video.removeEventListener("playing", onPlaying);
      video.removeEventListener("pause", onPause);
      video.removeEventListener("play", onPause);
      clearInterval(timer);
    };
  }, [player, latest]);

  const video = videoRef.current;
  const menuSources = sources.map((s) => (s.resolution === AUTO ? { ...s, resolution: autoLabel } : s));
  return (
    <div className="pf-live-player" data-state={shown}>
      <video
        ref={videoRef}
        className="pf-live-player__video"
        playsInline
        poster={poster ?? undefined}
        aria-label={t`直播：${title}`}
        data-testid="live-video"
      />
      <div className="pf-live-player__top">
        <span className={`pf-live-badge${shown === "ended" ? " pf-live-badge--ended" : ""}`}>
          {shown === "ended" ? t`已结束` : t`直播中`}
        </span>
      </div>
      {shown !== "playing" ? (
        <div className="pf-cover pf-live-player__overlay" role="status" aria-live="polite">
          {shown === "connecting" ? <span className="pf-live-player__spinner" aria-hidden="true" /> : null}
          {shown === "reconnecting" ? <span className="pf-live-player__spinner" aria-hidden="true" /> : null}
          <p>
            {shown === "connecting"
              ? t`正在连接直播…`
              : shown === "reconnecting"
                ? t`直播信号中断，正在重新连接…`
                : shown === "ended"
                  ? t`直播已结束`
                  : t`直播暂时无法播放`}
          </p>
          {shown === "failed" ? (
            <button
              type="button"
              className="pf-live-player__action"
              onClick={() => {
                setState("connecting");
                setAttempt((n) => n + 1);
              }}
            >
              <Icon name="refresh" /> {t`重试`}
            </button>
          ) : null}
        </div>
      ) : null}
      {shown === "playing" || shown === "reconnecting" ? (
        <div className="pf-live-player__controls">
          <button
            type="button"
            className="pf-player__button"
            aria-label={paused ? t`播放` : t`暂停`}
            onClick={() => {
              if (video === null) return;
              if (video.paused) playQuietly(video);
              else video.pause();
            }}
          >
            <Icon name={paused ? "play" : "pause"} />
          </button>
          {muted ? (
            <button
              type="button"
              className="pf-live-player__action"
              onClick={() => {
                if (video === null) return;
                video.muted = false;
                setMuted(false);
                playQuietly(video);
              }}
            >
              {t`开启声音`}
            </button>
          ) : null}
          {behind ? (
            <button
              type="button"
              className="pf-live-player__action"
              onClick={() => {
                const end = player?.seekRange?.().end;
                if (video !== null && end !== undefined) video.currentTime = Math.max(0, end - 3);
                if (video !== null) playQuietly(video);
              }}
            >
              {t`回到直播`}
            </button>
          ) : null}
          <span className="pf-live-player__spacer" />
          {renditions.length > 0 ? (
            <QualityMenu
              sources={menuSources}
              selected={quality === AUTO ? autoLabel : quality}
              open={menuOpen}
              onOpenChange={setMenuOpen}
              onSelect={(resolution) => {
                setQuality(resolution === autoLabel ? AUTO : resolution);
                setAttempt(0);
              }}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
