/**
 * The service worker (Step 13, decision 0017; made by vite-plugin-pwa from vite.config.ts) is
 * registered after the page has loaded, so its precache never competes with the first visit. Only
 * in a build: the dev server serves no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.warn("service worker not registered", error);
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
