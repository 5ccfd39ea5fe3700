// How a lazy group of screens is loaded with its words (read by the route tree: kept small).
import { loadCatalog } from "@platform/i18n";
import type { LateCatalog } from "@platform/i18n";
import { lazyRouteComponent } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { i18n } from "../app/i18n";

/**
 * The route components of a group of screens in one lazy chunk (the money screens, the library's),
 * each fetched together with the group's catalog in the active language, so a screen's words
 * arrive with its code. The routes set `codeSplitGroupings: []`: this is already lazy.
 */
export function lateScreens<S>(load: () => Promise<S>, catalog: LateCatalog) {
  return (pick: (screens: S) => () => ReactNode) =>
    lazyRouteComponent(() =>
      Promise.all([load(), loadCatalog(i18n, catalog).catch(() => undefined)]).then(([screens]) => ({
        default: pick(screens),
      })),
    );
}
