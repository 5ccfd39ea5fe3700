/**
 * Offline, a lazy chunk or its styles cannot arrive. TanStack Router's `lazyRouteComponent` answers
 * a missing module by reloading the page once (meant for a new deployment): offline, that reload
 * replaces the app with the browser's own offline page. Vite announces every failed chunk or style
 * (`vite:preloadError`) before the router sees it: offline, the router is told it already reloaded
 * for this one (its sessionStorage mark), so the route's error screen (components/RouteError)
 * shows instead, and loads the chunk again when the network returns.
 */
export function keepOfflineChunkErrorsInPage(target: Window = window): void {
  target.addEventListener("vite:preloadError", (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (target.navigator.onLine || !(error instanceof Error)) return;
    try {
      target.sessionStorage.setItem(`tanstack_router_reload:${error.message}`, "1");
    } catch {
      // Blocked storage: nothing to mark (the router cannot mark its reload either).
    }
  });
}
