import type { MessageDescriptor } from "@lingui/core";
import { lazyRouteComponent } from "@tanstack/react-router";

/**
 * The route component of a screen a later step builds (the README lists them). Every such route
 * shares one lazy chunk (`ComingSoonPage`), so the route tree that every page loads carries one
 * import for them all rather than one chunk per placeholder. The routes set
 * `codeSplitGroupings: []`: this call is already lazy.
 */
export function comingSoon(title: MessageDescriptor, tabs = false) {
  return lazyRouteComponent(() =>
    import("./ComingSoonPage").then(({ ComingSoonPage }) => ({
      default: () => <ComingSoonPage title={title} tabs={tabs} />,
    })),
  );
}
