// Kept apart from shaka.ts, which is in every page's first load: this is needed only once a player
// mounts.
import { createMediaRequestFilter } from "./shaka";
import type { MediaParams, ShakaLoader, ShakaPlayerLike } from "./shaka";

/** shaka's severity of an error playback cannot recover from. */
const CRITICAL = 2;

/** A shaka error's detail, when it is an object (its `code`, `severity`). */
export function shakaErrorOf(
  value: unknown,
): { readonly code?: unknown; readonly severity?: unknown } | null {
  return typeof value === "object" && value !== null ? value : null;
}

/**
 * What every player does first (the video player and the live one): shaka loaded, checked, a player
 * made (handed to `made` at once, so a caller that stops can destroy it), attached to `media`, its
 * requests carrying the media params, its critical errors reported. Answers the player,
 * "unsupported" when this browser cannot play HLS, or null when `stopped()` turned true meanwhile.
 * A failure to load shaka or to attach is thrown.
 */
export async function attachShaka<P extends ShakaPlayerLike = ShakaPlayerLike>(options: {
  readonly load: ShakaLoader;
  readonly media: HTMLMediaElement;
  readonly params: () => MediaParams;
  readonly stopped: () => boolean;
  readonly made: (player: P) => void;
  readonly onCritical: (error: { readonly code?: unknown; readonly severity?: unknown }) => void;
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
    if (!options.stopped() && error?.severity === CRITICAL) options.onCritical(error);
  });
  return player;
}
