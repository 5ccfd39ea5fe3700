// Kept apart from shaka.ts, which is in every page's first load: this is needed only once a player
// mounts.
import { createMediaRequestFilter } from "./shaka";
import type { MediaParams, ShakaLoader, ShakaPlayerLike } from "./shaka";

/** shaka's severity of an error playback cannot recover from. */
const CRITICAL = 2;

/** A shaka error's detail, when it is an object (its `code`, `severity`). */
export function shakaErrorOf(
  value: unknown,
): { readonly code?: unknown; readonly severity?: unknown; readonly data?: unknown } | null {
  return typeof value === "object" && value !== null ? value : null;
}

/** shaka's BAD_HTTP_STATUS: `data` is [uri, status, …]. */
const BAD_HTTP_STATUS = 1001;

/** The HTTP status a shaka error carries (a request answered with it), or null. */
export function httpStatusOf(error: unknown): number | null {
  const detail = shakaErrorOf(error);
  if (detail?.code !== BAD_HTTP_STATUS || !Array.isArray(detail.data)) return null;
  const status: unknown = detail.data[1];
  return typeof status === "number" ? status : null;
}

/**
 * What every player does first (the video player and the live one): shaka loaded, checked, a player
 * made (handed to `made` at once, so a caller that stops can destroy it), attached to `media`, its
 * requests carrying the media params, its critical errors reported (and, with `onRefused`, a
 * request answered 403, which shaka would otherwise retry). Answers the player,
 * "unsupported" when this browser cannot play HLS, or null when `stopped()` turned true meanwhile.
 * A failure to load shaka or to attach is thrown.
 */
export async function attachShaka<P extends ShakaPlayerLike = ShakaPlayerLike>(options: {
  readonly load: ShakaLoader;
  readonly media: HTMLMediaElement;
  readonly params: () => MediaParams;
  readonly stopped: () => boolean;
  readonly made: (player: P) => void;
  readonly onCritical: (error: {
    readonly code?: unknown;
    readonly severity?: unknown;
    readonly data?: unknown;
  }) => void;
  /** A request was answered 403 (the server refused this viewer): nothing is retried. */
  readonly onRefused?: () => void;
}): Promise<P | "unsupported" | null> {
  const shaka = await options.load();
  if (options.stopped()) return null;
  shaka.polyfill?.installAll();
  if (!shaka.Player.isBrowserSupported()) return "unsupported";
  const player = new shaka.Player() as P;
  options.made(player);
  await player.attach(options.media);
  if (options.stopped()) return null;
  player.getNetworkingEngine()?.registerRequestFilter(createMediaRequestFilter(options.params));
  player.addEventListener("error", (event) => {
    const error = shakaErrorOf((event as Event & { detail?: unknown }).detail);
    if (options.stopped()) return;
    // A refusal is not a dropped stream: shaka would retry a live stream's every second (its
    // default for a recoverable HTTP error); handled here, it does not.
    if (options.onRefused !== undefined && httpStatusOf(error) === 403) {
      event.preventDefault();
      options.onRefused();
      return;
    }
    if (error?.severity === CRITICAL) options.onCritical(error);
  });
  return player;
}
