import { activateLanguage, storedLanguage } from "@platform/i18n";
import { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/AppProviders";
import { createAppApi, storedChannelTagId } from "./app/api";
import { i18n } from "./app/i18n";
import { parseSearch, stringifySearch } from "./app/search-params";
import { registerServiceWorker } from "./app/service-worker";
import { appStore, channelTagIdAtom } from "./app/state";
import { trackPageViews } from "./app/tracking";
import { routeTree } from "./routeTree.gen";
import "@platform/ui/styles.css";
import "./app/app.css";
import "./boot/boot.css";

const api = createAppApi();
appStore.set(channelTagIdAtom, storedChannelTagId(api));

const queryClient = new QueryClient({
  defaultOptions: {
    // The client already toasts failures and refreshes sessions: React Query must not retry them.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient, api },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  caseSensitive: false,
  parseSearch,
  stringifySearch,
});

trackPageViews(router, api);
registerServiceWorker();

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// The first page's code and data (its loader) start while the language's catalog arrives; the
// router provider then finds that load done or under way and does not start another.
router.load().catch((error: unknown) => {
  console.error(error);
});
await activateLanguage(i18n, storedLanguage());

const root = document.getElementById("app");
if (root === null) throw new Error("index.html has no #app");
createRoot(root).render(
  <StrictMode>
    <AppProviders i18n={i18n} store={appStore} queryClient={queryClient} router={router} />
  </StrictMode>,
);
