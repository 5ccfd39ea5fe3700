import { useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { resumeSeconds } from "@platform/domain";
import { orderSources } from "./playback";
import type { VideoSource } from "./playback";
import { noop, playQuietly, useLatest } from "./playerUtils";
import { attachShaka, shakaErrorOf } from "./attachShaka";
import { HLS_MIME_TYPE, withMediaParams } from "./shaka";
import type { MediaParams, ShakaLoader, ShakaPlayerLike } from "./shaka";

/** What went wrong: no HLS playback in this browser, the player or source failed, or playback. */
export interface VideoPlayerError {
  readonly kind: "unsupported" | "load" | "playback";
  readonly cause?: unknown;
}

/** What the player shows instead of the picture: no HLS playback here, or loading failed. */
export type PlayerFailure = "unsupported" | "load";

type Engine = { readonly status: "loading" } | { readonly status: "ready"; readonly player: ShakaPlayerLike };

/** shaka's LOAD_INTERRUPTED: a newer load replaced this one (not a failure). */
const LOAD_INTERRUPTED = 7000;

export interface ShakaEngineOptions {
  /** The <video> element (null until mounted); shaka attaches to it. */
  readonly video: HTMLVideoElement | null;
  readonly videoRef: RefObject<HTMLVideoElement | null>;
  /** The last position seen, for when the element's clock already reads 0. */
  readonly positionRef: RefObject<number>;
  readonly sources: readonly VideoSource[];
  readonly token?: string | null;
  readonly busPlatformId?: string | null;
  readonly reloadKey?: unknown;
  readonly loadShaka: ShakaLoader;
  readonly startPositionMs?: number;
  readonly previewLimitSeconds: number | null;
  readonly autoPlay: boolean;
  readonly trialEnded: boolean;
  readonly onError?: (error: VideoPlayerError) => void;
  readonly onQualityChange?: (resolution: string) => void;
}

/**
 * The playback engine: shaka loaded, checked, attached to the <video> and its requests signed; the
 * chosen rendition loaded into it (resuming, keeping the position on a quality switch, reloading
 * on a new `reloadKey`); failures reported, and retried on demand.
 */
export function useShakaEngine({
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
}: ShakaEngineOptions) {
  const [engine, setEngine] = useState<Engine>({ status: "loading" });
  const [failure, setFailure] = useState<PlayerFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const ordered = orderSources(sources);
  const [selected, setSelected] = useState<string | undefined>(ordered[0]?.resolution);
  const current = ordered.find((s) => s.resolution === selected) ?? ordered[0];
  const currentUrl = current?.videoPlayUrl;

  const params = useLatest<MediaParams>({ token, busPlatformId });
  const latest = useLatest({
    loadShaka,
    startPositionMs,
    previewLimitSeconds,
    autoPlay,
    trialEnded,
    onError,
  });
  const loadedOnceRef = useRef(false);
  const playAfterLoadRef = useRef(false);
  const reloadKeyRef = useRef(reloadKey);

  // shaka: loaded, checked, attached, its requests signed.
  useEffect(() => {
    if (video === null) return undefined;
    let cancelled = false;
    // A function, so the checks after each await read the variable afresh.
    const stopped = () => cancelled;
    let player: ShakaPlayerLike | null = null;
    const fail = (kind: PlayerFailure, cause?: unknown) => {
      if (stopped()) return;
      setFailure(kind);
      latest.current.onError?.(cause === undefined ? { kind } : { kind, cause });
    };
    void (async () => {
      try {
        const attached = await attachShaka({
          load: latest.current.loadShaka,
          media: video,
          params: () => params.current,
          stopped,
          made: (made) => {
            player = made;
          },
          onCritical: (error) => {
            setFailure("load");
            latest.current.onError?.({ kind: "playback", cause: error });
          },
        });
        if (attached === "unsupported") fail("unsupported");
        else if (attached !== null) setEngine({ status: "ready", player: attached });
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
  }, [engine, video, currentUrl, reloadKey, latest, params, positionRef]);

  // The trial ended mid-play: playback stops under the 'trial ended' cover.
  useEffect(() => {
    if (trialEnded && video !== null && !video.paused) video.pause();
  }, [trialEnded, video]);

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

  return {
    loading: engine.status === "loading",
    failure,
    /** The renditions in menu order, and the one playing. */
    sources: ordered,
    current,
    retry,
    chooseQuality,
  };
}
