import { StorageKey, rootRedirect } from "@platform/domain";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { withCatalog } from "../components/CatalogGate";
import { NavigationMap } from "../features/navigation/NavigationMap";

/**
 * The navigation map: straight to /home unless the stored navigation switch is a non-zero number —
 * or the tab bar's 'navigation' asked for the map (`?map=1`), which a tap must not turn into home.
 */
export const Route = createFileRoute("/")({
  beforeLoad: ({ context, location }) => {
    if (location.searchStr === "?map=1") return;
    const to = rootRedirect(context.api.client.storage.get(StorageKey.navigationSwitch));
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack's redirect is thrown
    if (to !== null) throw redirect({ to, replace: true });
  },
  // The map asks for the server's modules itself (its placeholder shows meanwhile): nothing of it
  // joins the route tree that every page loads; its words are the 'my' panel's catalog.
  component: withCatalog("panel", NavigationMap),
});
