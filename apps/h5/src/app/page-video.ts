/**
 * The page's own video (decision 0036): the server writes a playing `<video data-pf-page-video>`
 * into the skeleton of /videoview's player; the app's first render replaces the skeleton, so just
 * before it the video is moved into a `.pf-page-video` holder laid over the same box (in one task:
 * a media element moved within a task does not pause), where the player (`@platform/ui`
 * pageVideo.ts) adopts it or lets it go. Kept this small, and apart from the player's code: it is
 * in every page's first load.
 */
const PAGE_VIDEO = "video[data-pf-page-video]";

export function holdPageVideo(): boolean {
  const media = document.querySelector(PAGE_VIDEO);
  const box = media?.parentElement?.getBoundingClientRect();
  if (!media || !box) return false;
  const holder = document.createElement("div");
  holder.className = "pf-page-video";
  holder.setAttribute("aria-hidden", "true");
  holder.style.cssText = `top:${String(box.top + scrollY)}px;left:${String(box.left + scrollX)}px;width:${String(box.width)}px;height:${String(box.height)}px`;
  holder.append(media);
  document.body.append(holder);
  return true;
}

/**
 * Not adopted (the person left the page, or nothing took it): its download stopped, and gone. The
 * steps of `@platform/ui`'s `releasePageVideo`, not imported from it: that would bring the player's
 * module into every page's first load (measured: +0.8 KiB and one more script).
 */
export function releasePageVideo(): void {
  const holder = document.querySelector(".pf-page-video");
  const media = holder?.querySelector("video");
  media?.replaceChildren();
  media?.load();
  holder?.remove();
}

/**
 * Resolves once the page's own video shows its first picture (or after `limitMs`; at once without
 * one, or where the browser skipped its source). Over HTTP/1.1 Chromium holds a media request back
 * while any script is loading, so the app asks for its screen's code after this (decision 0036).
 */
export function pageVideoShown(limitMs: number): Promise<void> {
  const media = document.querySelector(PAGE_VIDEO);
  if (!(media instanceof HTMLVideoElement) || media.readyState >= 2 || media.networkState === 3) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    media.addEventListener("loadeddata", done, { once: true });
  });
}
