// How the six money routes load their screens (read by the route tree: kept small).
import { loadCatalog } from "@platform/i18n";
import { lazyRouteComponent } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { i18n } from "../../app/i18n";
import type * as Screens from "./screens";

/**
 * A money screen from the one lazy chunk of them all (features/trade/screens), fetched together
 * with the money catalog of the active language, so the screen's words arrive with its code.
 */
export function moneyScreen(pick: (screens: typeof Screens) => () => ReactNode) {
  return lazyRouteComponent(() =>
    Promise.all([import("./screens"), loadCatalog(i18n, "money").catch(() => undefined)]).then(
      ([screens]) => ({ default: pick(screens) }),
    ),
  );
}
