import { withMediaParams } from "@platform/domain";
import type { MediaParams } from "@platform/domain";
/**
 * The few parts of shaka-player the player uses, typed narrowly (shaka's own typings declare a
 * global namespace), its lazy loader, and the request filter that signs media requests.
 *
 * shaka is reachable only through the dynamic import below, so it stays out of every page until a
 * player mounts (the size script checks this).
 */

/** A request shaka is about to send; a filter may rewrite its URIs. */
export interface ShakaRequest {
  uris: string[];
}

export type ShakaRequestFilter = (type: number, request: ShakaRequest) => void;

export interface ShakaPlayerLike {
  attach(media: HTMLMediaElement): Promise<unknown>;
  load(uri: string, startTime?: number | null, mimeType?: string | null): Promise<unknown>;
  getNetworkingEngine(): { registerRequestFilter(filter: ShakaRequestFilter): void } | null;
  addEventListener(type: "error", listener: (event: Event) => void): void;
  destroy(): Promise<unknown>;
}

export interface ShakaLike {
  readonly Player: {
    new (): ShakaPlayerLike;
    isBrowserSupported(): boolean;
  };
  readonly polyfill?: { installAll(): void };
}

/** Loads shaka (or a stand-in for stories and tests). */
export type ShakaLoader = () => Promise<ShakaLike>;

function isShaka(value: unknown): value is ShakaLike {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { Player?: unknown }).Player === "function"
  );
}

/**
 * shaka's HLS-only es2021 build, imported on first use. The file is a UMD bundle: bundlers hand
 * its exports over as `default` (or, depending on interop, as the namespace itself).
 */
export const loadShakaHls: ShakaLoader = async () => {
  const module: unknown = await import("shaka-player/dist/shaka-player.hls-es2021.js");
  const candidate = (module as { default?: unknown }).default;
  if (isShaka(candidate)) return candidate;
  if (isShaka(module)) return module;
  throw new Error("shaka-player did not load");
};

export const HLS_MIME_TYPE = "application/x-mpegurl";

/** HLS as a browser that plays it in its own `<video>` names it (Safari, iOS, Chromium 14x on). */
const NATIVE_HLS_TYPE = "application/vnd.apple.mpegurl";
let nativeHlsFailed = false;

/**
 * Whether the video player plays HLS with the browser's own `<video>` (Step 23, decision 0035):
 * then shaka's 173 KiB are neither downloaded nor evaluated before the first frame, and the
 * page's preloads are the very requests the element makes. False after a native playback failed in
 * this page (the next attempt uses shaka), and where there is no DOM.
 */
export function playsHlsNatively(): boolean {
  if (nativeHlsFailed || typeof document === "undefined") return false;
  // A `<video>` already in the page answers as a new one would: making the first one of a page
  // starts the browser's media machinery (14 ms of the main thread on /videoview, docs/perf.md).
  const video = document.querySelector("video") ?? document.createElement("video");
  return video.canPlayType(NATIVE_HLS_TYPE) !== "";
}

/** A native playback failed: from now on this page plays with shaka. */
export function nativeHlsFailedHere(): void {
  nativeHlsFailed = true;
}

/**
 * Starts fetching the player's library where the video player will need it (a route's loader): in
 * a later task, so neither the question nor the library's evaluation is in the task that loads the
 * route.
 */
export function preloadHlsPlayer(): void {
  setTimeout(() => {
    if (playsHlsNatively()) return;
    loadShakaHls().catch(() => {
      // The player reports a library that did not load when it mounts.
    });
  }, 0);
}

// The media params (spec §7) are the domain's: the server writes the same URLs into a page's
// preloads (decision 0035).
export { withMediaParams };
export type { MediaParams };

/**
 * A shaka request filter adding the media params to every request (playlists, segments, keys). It
 * reads the params on each request, so a refreshed token is used from the next request on.
 */
export function createMediaRequestFilter(params: () => MediaParams): ShakaRequestFilter {
  return (_type, request) => {
    const current = params();
    request.uris = request.uris.map((uri) => withMediaParams(uri, current));
  };
}
