import { startTransition, useCallback, useEffect, useRef } from "react";
import { adoptPageVideo } from "./pageVideo";
import { useLatest } from "./playerUtils";

/** The media events the player follows, by the name of their handler. */
const EVENTS = {
  onPlay: "play",
  onPause: "pause",
  onEnded: "ended",
  onTimeUpdate: "timeupdate",
  onSeeked: "seeked",
  onDurationChange: "durationchange",
  onLoadStart: "loadstart",
  onWaiting: "waiting",
  onLoadedData: "loadeddata",
  onCanPlay: "canplay",
  onPlaying: "playing",
} as const;

export type MediaHandlers = { readonly [K in keyof typeof EVENTS]?: () => void };

/**
 * The player's `<video>`, made here rather than rendered by React so that the page's own video can
 * be adopted (pageVideo.ts): the returned ref goes on an empty element React renders; the video is
 * the page's one when it plays `playlistUrl` (its playback goes on, and the handlers are told what
 * already happened: playing, the duration, the time), else a new element. `attach` receives it.
 */
export function useHostedVideo({
  playlistUrl,
  poster,
  handlers,
  attach,
}: {
  readonly playlistUrl: string | undefined;
  readonly poster: string | undefined;
  readonly handlers: MediaHandlers;
  readonly attach: (media: HTMLVideoElement | null) => void;
}) {
  const latest = useLatest(handlers);
  const first = useRef({ playlistUrl, poster });
  const mediaRef = useRef<HTMLVideoElement | null>(null);
  const keepPicture = useRef(false);

  const host = useCallback(
    (node: HTMLElement | null) => {
      if (node === null) return undefined;
      let media = mediaRef.current;
      let adopted = false;
      // Made (or adopted) once: a ref called again for the same element (React's strict mode)
      // keeps it as it is.
      if (media === null) {
        const page = adoptPageVideo(first.current.playlistUrl);
        adopted = page !== null;
        media = page ?? document.createElement("video");
        media.preload = adopted ? "auto" : "metadata";
        media.className = "pf-player__video";
        media.playsInline = true;
        // An adopted video already showing its picture keeps it (a poster would cover it again).
        keepPicture.current = adopted && media.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA;
        if (keepPicture.current || first.current.poster === undefined) media.removeAttribute("poster");
        else media.poster = first.current.poster;
        mediaRef.current = media;
      }
      const listeners = Object.entries(EVENTS).map(([name, type]) => {
        const listener = () => {
          latest.current[name as keyof typeof EVENTS]?.();
        };
        media.addEventListener(type, listener);
        return [type, listener] as const;
      });
      node.append(media);
      // A ref runs in the commit that mounts the player, where a state update is urgent: React would
      // render the player again and run the whole screen's passive effects in that commit's own task
      // (52–83 ms at full CPU speed on /videoview, docs/perf.md). As a transition, what the element
      // changes renders in a later task that yields; `attach` still sets its ref at once.
      const hosted = media;
      startTransition(() => {
        attach(hosted);
        if (adopted) {
          // What happened before the player was there.
          if (hosted.readyState >= HTMLMediaElement.HAVE_METADATA) latest.current.onDurationChange?.();
          latest.current.onTimeUpdate?.();
          if (!hosted.paused) latest.current.onPlay?.();
          if (hosted.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) latest.current.onPlaying?.();
        }
      });
      return () => {
        for (const [type, listener] of listeners) hosted.removeEventListener(type, listener);
      };
    },
    [attach, latest],
  );

  useEffect(() => {
    const media = mediaRef.current;
    if (media === null || (keepPicture.current && poster === first.current.poster)) return;
    if (poster === undefined) media.removeAttribute("poster");
    else media.poster = poster;
  }, [poster]);

  return host;
}
