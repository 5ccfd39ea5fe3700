import { playsHlsNatively } from "./shaka";

/**
 * The page's own video (Step 23, decision 0036). For a returning viewer of /videoview the server
 * writes a `<video data-pf-page-video autoplay>` into the page's skeleton of the player, its
 * playlist a `<source>` of the HLS type: a browser that plays HLS itself starts the video while the
 * app's scripts are still on their way; any other skips the source and fetches nothing.
 *
 * The app's first render replaces the skeleton, so just before it the app (apps/h5
 * `app/page-video.ts`) moves the video into a `.pf-page-video` holder laid over the same place (in
 * one task: a media element moved within a task does not pause). The player, mounting for the same
 * playlist, adopts it (`adoptPageVideo`) instead of making a `<video>` of its own: the frames, the
 * buffer and the position go on. Anything else — another page, another video, a browser that does
 * not play HLS — lets it go (`releasePageVideo`).
 */

const HELD_VIDEO = ".pf-page-video > video[data-pf-page-video]";
/** Set on an adopted element until its engine has taken over its source (`takeAdoptedSource`). */
const ADOPTED = "data-pf-adopted";

const withoutHash = (url: string) => url.split("#", 1)[0] ?? url;

/** The source a page video plays (the `<source>`'s resolved URL), without a media fragment. */
function sourceOf(media: HTMLVideoElement): string | null {
  const source = media.querySelector("source");
  const url = media.currentSrc || source?.src || "";
  return url === "" ? null : withoutHash(url);
}

function held(): HTMLVideoElement | null {
  return document.querySelector<HTMLVideoElement>(HELD_VIDEO);
}

/** The held video is not wanted (another page, another video, no HLS here): stopped and removed. */
export function releasePageVideo(): void {
  const media = held();
  if (media === null) return;
  media.replaceChildren();
  media.load();
  media.parentElement?.remove();
}

/**
 * The held video, for a player about to play `playlistUrl` (its first source, as the page names it:
 * compared without the media params, which only sign it): the element, taken out of its holder,
 * or null (and the held one released) when none is held or it plays another video.
 */
export function adoptPageVideo(
  playlistUrl: string | undefined,
  base = location.href,
): HTMLVideoElement | null {
  const media = held();
  if (media === null) return null;
  const playing = sourceOf(media);
  const wanted = playlistUrl === undefined ? null : new URL(playlistUrl, base);
  const same = playing !== null && wanted !== null && new URL(playing).pathname === wanted.pathname;
  if (!same || !playsHlsNatively() || media.error != null) {
    releasePageVideo();
    return null;
  }
  const holder = media.parentElement;
  media.removeAttribute("data-pf-page-video");
  // Its later loads (another quality, after a purchase) must not start playback by themselves.
  media.removeAttribute("autoplay");
  media.setAttribute(ADOPTED, "");
  holder?.remove();
  return media;
}

/**
 * An engine loading `uri` into `media`: true when `media` is an adopted page video already playing
 * that very URL (then the engine keeps its source instead of setting it again). Answers once.
 */
export function takeAdoptedSource(media: HTMLMediaElement, uri: string): boolean {
  if (!media.hasAttribute(ADOPTED)) return false;
  media.removeAttribute(ADOPTED);
  const playing = media instanceof HTMLVideoElement ? sourceOf(media) : null;
  return playing !== null && playing === withoutHash(new URL(uri, location.href).href);
}
