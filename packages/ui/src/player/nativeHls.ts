import { takeAdoptedSource } from "./pageVideo";
import { loadShakaHls, nativeHlsFailedHere, playsHlsNatively } from "./shaka";
import type { ShakaLike, ShakaLoader, ShakaPlayerLike } from "./shaka";

/** shaka's severity of an error playback cannot recover from (what attachShaka reports). */
const CRITICAL = 2;

/** The error a failed native load or playback reports, shaped as shaka's (`severity`, `code`). */
function mediaError(media: HTMLMediaElement): { severity: number; code: number; data: unknown[] } {
  return { severity: CRITICAL, code: media.error?.code ?? 0, data: [media.error?.message ?? ""] };
}

/**
 * The video player's engine on a browser that plays HLS itself (Step 23, decision 0035): the
 * `<video>`'s own `src`, behind the few calls of shaka's player the engine makes. The playlist's URL
 * carries the media params and its segments' URLs do too (the server writes them), so no request
 * filter is needed; a failure marks native playback as failed in this page, so a retry uses shaka.
 */
class NativeHlsPlayer implements ShakaPlayerLike {
  static isBrowserSupported(): boolean {
    return playsHlsNatively();
  }

  private media: HTMLMediaElement | null = null;
  private readonly listeners: ((event: Event) => void)[] = [];

  private readonly onError = () => {
    const media = this.media;
    if (media == null || (media.getAttribute("src") == null && media.querySelector("source") === null))
      return;
    nativeHlsFailedHere();
    const event = new CustomEvent("error", { detail: mediaError(media) });
    for (const listener of this.listeners) listener(event);
  };

  attach(media: HTMLMediaElement): Promise<void> {
    this.media = media;
    media.addEventListener("error", this.onError);
    return Promise.resolve();
  }

  load(uri: string, startTime?: number | null): Promise<void> {
    const media = this.media;
    if (media === null) return Promise.reject(new Error("the native player is not attached"));
    // The page's own video, already playing this playlist (pageVideo.ts): its source is kept, and
    // its position too when the page started it where this load would (a media fragment).
    const adopted = takeAdoptedSource(media, uri);
    return new Promise((resolve, reject) => {
      const settle = () => {
        media.removeEventListener("loadedmetadata", loaded);
        media.removeEventListener("error", failed);
      };
      const loaded = () => {
        settle();
        const start = startTime ?? 0;
        if (start > 0 && !(adopted && media.currentTime >= start - 0.5)) media.currentTime = start;
        resolve();
      };
      const failed = () => {
        settle();
        nativeHlsFailedHere();
        reject(Object.assign(new Error("the browser could not play this stream"), mediaError(media)));
      };
      if (adopted && media.error != null) {
        failed();
        return;
      }
      if (adopted && media.readyState >= HTMLMediaElement.HAVE_METADATA) {
        loaded();
        return;
      }
      media.addEventListener("loadedmetadata", loaded);
      media.addEventListener("error", failed);
      if (!adopted) media.src = uri;
    });
  }

  getNetworkingEngine(): null {
    return null;
  }

  addEventListener(_type: "error", listener: (event: Event) => void): void {
    this.listeners.push(listener);
  }

  destroy(): Promise<void> {
    const media = this.media;
    this.media = null;
    if (media !== null) {
      media.removeEventListener("error", this.onError);
      media.removeAttribute("src");
      // An adopted page video's playlist is a <source>: without this, load() would select it again.
      media.querySelectorAll("source").forEach((source) => {
        source.remove();
      });
      media.load();
    }
    return Promise.resolve();
  }
}

/** The browser's own HLS playback, as the engine loads a player library. */
export const nativeHls: ShakaLike = {
  Player: NativeHlsPlayer,
  polyfill: { installAll: () => undefined },
};

/** The video player's library: the browser's own HLS where it plays it, else shaka (loaded then). */
export const loadHlsPlayer: ShakaLoader = () =>
  playsHlsNatively() ? Promise.resolve(nativeHls) : loadShakaHls();
