import { activateLanguage, storedLanguage } from "@platform/i18n";
import { createRouter } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/AppProviders";
import { createAppApi, storedChannelTagId } from "./app/api";
import { keepOfflineChunkErrorsInPage } from "./app/chunk-errors";
import { i18n } from "./app/i18n";
import { holdPageVideo, pageVideoShown, releasePageVideo } from "./app/page-video";
import { createQueryClient } from "./app/query-client";
import { parseSearch, stringifySearch } from "./app/search-params";
import { registerServiceWorker } from "./app/service-worker";
import { appStore, channelTagIdAtom } from "./app/state";
import { trackPageViews } from "./app/tracking";
import { RouteError } from "./components/RouteError";
import { RoutePending } from "./components/RoutePending";
import { routeTree } from "./routeTree.gen";
import "@platform/ui/styles.css";
import "./app/app.css";
import "./boot/boot.css";

/** How long the page's own video waits for the player to adopt it. */
const PAGE_VIDEO_WAIT_MS = 30_000;
/** How long the app's first page waits for the page's own video to show its first picture. */
const ROUTER_WAITS_FOR_VIDEO_MS = 3000;
/** How long the first render waits for the first page's screen (its code, words and loader). */
const FIRST_RENDER_WAITS_MS = 3000;

keepOfflineChunkErrorsInPage();
const api = createAppApi();
appStore.set(channelTagIdAtom, storedChannelTagId(api));

const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient, api },
  // A route whose code or data failed shows the app's own screen with a retry (offline too); one
  // still loading after the router's `pendingMs` (1 s) shows the page skeleton, and never holds
  // the page back once it is ready (no minimum time on screen).
  defaultErrorComponent: RouteError,
  defaultPendingComponent: RoutePending,
  defaultPendingMinMs: 0,
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  caseSensitive: false,
  parseSearch,
  stringifySearch,
});

trackPageViews(router, api);
// The page-session cookie (decision 0035), once the first screen is up: its code is no page's
// first load, and only the next navigation reads it.
setTimeout(() => {
  void import("./app/page-session").then(({ keepPageSession }) => {
    keepPageSession(api.client);
  });
}, 1000);
registerServiceWorker();

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// The first page's code and data (its loader) start while the language's catalog arrives; the
// router provider then finds that load done or under way and does not start another. The page's
// own video, if any, gets its first bytes first (decision 0036).
await pageVideoShown(ROUTER_WAITS_FOR_VIDEO_MS);
const firstPage = router.load().catch((error: unknown) => {
  console.error(error);
});
// The stored choice, else the browser's language (not stored: only a choice made is kept).
await activateLanguage(i18n, storedLanguage(), { store: null });
// The first render waits (the page's skeleton shows) for the first page's screen to be loaded —
// its code is preloaded by the boot script — so that render is the screen itself, in one
// transition that yields, rather than a pending state the router's store then replaces in one
// uninterruptible render (Step 23's TBT). Not for longer than FIRST_RENDER_WAITS_MS.
// The router hears the history once its provider has mounted: a back or forward made meanwhile
// (the address moved on while the first page loaded) is loaded then, not lost.
const meanwhile = { moved: false };
const moved = () => {
  meanwhile.moved = true;
};
addEventListener("popstate", moved);
await Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAITS_MS))]);
// Once the first page is rendered, the router listens itself.
const stopWatching = router.subscribe("onRendered", () => {
  stopWatching();
  removeEventListener("popstate", moved);
  if (meanwhile.moved && router.history.location.href !== router.state.location.href) {
    router.load().catch((error: unknown) => {
      console.error(error);
    });
  }
});

const root = document.getElementById("app");
if (root === null) throw new Error("index.html has no #app");
// The page's own video (decision 0036) outlives the skeleton the first render replaces: held over
// its box until the player adopts it; let go on leaving the page, or if nothing took it.
if (holdPageVideo()) {
  const page = router.state.location.href;
  const release = () => {
    stop();
    releasePageVideo();
  };
  const stop = router.subscribe("onResolved", ({ toLocation }) => {
    if (toLocation.href !== page) release();
  });
  setTimeout(release, PAGE_VIDEO_WAIT_MS);
}
// The first render as a transition: React yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (a phone's long task, Lighthouse's TBT).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders i18n={i18n} store={appStore} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
});
