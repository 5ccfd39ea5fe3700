/** How long after the page's load the worker is registered (its precache then downloads). */
const AFTER_LOAD_MS = 5000;

/**
 * The service worker (Step 13, decision 0017; made by vite-plugin-pwa from vite.config.ts) is
 * registered a few seconds after the page has loaded, so its precache (the shell, ≈ 400 KB on the
 * wire) never competes with a first visit's own requests — a video's first segments above all.
 * Only in a build: the dev server serves no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.warn("service worker not registered", error);
    });
  };
  const later = () => window.setTimeout(register, AFTER_LOAD_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
