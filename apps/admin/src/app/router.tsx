import type { AdminClient } from "@platform/api-client/admin";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from "@tanstack/react-router";
import type { createStore } from "jotai";
import { Shell } from "./Shell";

/**
 * The console's areas, each its own chunk (a reviewer never loads the money desk's code), under
 * /admin. Which areas an operator sees is their role's (the server refuses the others anyway).
 */
export function makeRouter(queries: QueryClient, client: AdminClient, store: ReturnType<typeof createStore>) {
  const root = createRootRoute({ component: Shell });
  const area = (path: string, load: () => Promise<{ default: () => React.JSX.Element }>) =>
    createRoute({
      getParentRoute: () => root,
      path,
      component: lazyRouteComponent(load),
    });
  const tree = root.addChildren([
    area("/", () => import("../areas/Dashboard").then((m) => ({ default: m.Dashboard }))),
    area("/review", () => import("../areas/Review").then((m) => ({ default: m.Review }))),
    area("/reports", () => import("../areas/Reports").then((m) => ({ default: m.Reports }))),
    area("/people", () => import("../areas/People").then((m) => ({ default: m.People }))),
    area("/money", () => import("../areas/Money").then((m) => ({ default: m.Money }))),
    area("/live", () => import("../areas/Live").then((m) => ({ default: m.Live }))),
    area("/audit", () => import("../areas/Audit").then((m) => ({ default: m.Audit }))),
  ]);
  return createRouter({
    routeTree: tree,
    basepath: "/admin",
    context: { queries, client, store },
    defaultPreload: "intent",
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
