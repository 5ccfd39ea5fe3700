import { guardRoute } from "@platform/domain";
import { Outlet, createRootRouteWithContext, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { hasSession } from "../app/api";
import type { RouterContext } from "../app/router-context";
import { AppShell } from "../components/AppShell";
import { MyPanelWhenOpened } from "../features/my/MyPanelWhenOpened";

export const Route = createRootRouteWithContext<RouterContext>()({
  // The route guard (spec §2), before anything of the page loads.
  beforeLoad: ({ location, context }) => {
    const decision = guardRoute({
      path: location.pathname,
      fullPath: location.href,
      hasToken: hasSession(context.api),
    });
    if (decision.action === "redirect") {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack's redirect is thrown
      throw redirect({ to: decision.to, search: decision.search, replace: true });
    }
  },
  // Any address no route matches (spec §2 has no such page): translated, with back and home. Its
  // own chunk, so the first load of every page does not carry a screen it rarely shows.
  notFoundComponent: lazyRouteComponent(() =>
    import("../components/NotFoundPage").then((module) => ({ default: module.NotFoundPage })),
  ),
  component: () => (
    <AppShell panel={<MyPanelWhenOpened />}>
      <Outlet />
    </AppShell>
  ),
});
