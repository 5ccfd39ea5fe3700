import { PAGE_DATA_ELEMENT_ID } from "@platform/api-client";
import { activateLanguage, storedLanguage } from "@platform/i18n";
import { createRouter } from "@tanstack/react-router";
import { StrictMode, startTransition, useLayoutEffect } from "react";
import type { ReactNode } from "react";
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
/** How long the first render waits for a first page whose answers are in the page. */
const FIRST_LOAD_WAIT_MS = 1000;

/** Resolves in a task of its own, `ms` from now at the soonest. */
const later = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
// In a task of its own, not in the microtasks of the video's event.
await later();
const firstLoad = router.load().catch((error: unknown) => {
  console.error(error);
});
// The router hears the history only once its provider has mounted, and at mount loads nothing when
// a load was made before (as the one above): a back or forward made until then would leave the
// screen of the address it left. Until then a move is noted here, and loaded right after the
// provider's own mount (a layout effect runs after its children's) unless the router is already at
// that address (its load sets it at once) — so the canonical replace the provider may make at mount
// loads once.
let movedBeforeMount = false;
const noteMoves = router.history.subscribe(() => {
  movedBeforeMount = true;
});
function CatchUpWithHistory({ children }: { readonly children: ReactNode }) {
  useLayoutEffect(() => {
    noteMoves();
    if (movedBeforeMount && router.parseLocation(router.history.location).href !== router.state.location.href)
      void router.load();
  }, []);
  return children;
}
// The stored choice, else the browser's language (not stored: only a choice made is kept).
await activateLanguage(i18n, storedLanguage(), { store: null });
// With the first screen's answers in the page (decision 0035) its load needs no network: the first
// render waits for it and draws the finished screen as one transition, in slices, instead of a
// blocking re-render of the whole tree when the router's store changes (/videoview: one 70 ms task
// at full CPU speed). Capped: answers the client drops (too old, another language) mean a network
// load, which the router's own pending screen covers. A back or forward pressed meanwhile is not
// lost: it is noted, and loaded once the router's provider has mounted (above; page-data.e2e.ts; a
// wait for every page, taken back in Step 23's third part, lost it).
if (document.getElementById(PAGE_DATA_ELEMENT_ID) !== null) {
  await Promise.race([firstLoad, later(FIRST_LOAD_WAIT_MS)]);
}

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
      <CatchUpWithHistory>
        <AppProviders i18n={i18n} store={appStore} queryClient={queryClient} router={router} />
      </CatchUpWithHistory>
    </StrictMode>,
  );
});
