/**
 * The length of a chosen video file in ms, read by the browser from its metadata (a `blob:` URL,
 * which the CSP's media-src allows); null when it cannot tell (not a playable type here, no
 * answer within `timeoutMs`). The editor offers only previews shorter than the video with it.
 */
export function readVideoLength(file: Blob, timeoutMs = 5000): Promise<number | null> {
  return new Promise((resolve) => {
    if (typeof URL.createObjectURL !== "function") {
      resolve(null);
      return;
    }
    const url = URL.createObjectURL(file);
    const media = document.createElement("video");
    let done = false;
    const finish = (ms: number | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      media.removeAttribute("src");
      URL.revokeObjectURL(url);
      resolve(ms);
    };
    const timer = setTimeout(() => {
      finish(null);
    }, timeoutMs);
    media.preload = "metadata";
    media.onloadedmetadata = () => {
      const seconds = media.duration;
      finish(Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null);
    };
    media.onerror = () => {
      finish(null);
    };
    media.src = url;
  });
}
