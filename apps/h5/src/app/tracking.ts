import type { PlatformApi } from "@platform/api-client";
import type { AnyRouter } from "@tanstack/react-router";
import { hasSession } from "./api";

/** The events the app reports through `reportNew` (spec §7 tracking). */
export const TrackEvent = {
  pageView: "page_view",
  videoView: "video_view",
  videoPlay: "video_play",
  videoEnded: "video_ended",
  videoClose: "video_close",
  videoBuy: "video_buy",
} as const;
export type TrackEvent = (typeof TrackEvent)[keyof typeof TrackEvent];

function ignore(): void {
  // Tracking never interrupts the person: a lost event is only a lost event.
}

/** The page as reported: path and search of the app's current location. */
function currentPage(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Reports one event in the background: quiet (no toast on failure), never awaited. */
export function track(
  api: PlatformApi,
  event: TrackEvent,
  data: Readonly<Record<string, unknown>> = {},
  page: string = currentPage(),
  referrer = "",
): void {
  api.track({ event, page, referrer, data, options: { quiet: true } }).catch(ignore);
}

/**
 * Page views: one report per resolved navigation of a signed-in person (the page and where they
 * came from). Returns the unsubscribe.
 */
export function trackPageViews(router: AnyRouter, api: PlatformApi): () => void {
  return router.subscribe("onResolved", ({ fromLocation, toLocation, hrefChanged }) => {
    if (!hrefChanged && fromLocation !== undefined) return;
    if (!hasSession(api)) return;
    // In a task of its own: not in the one that shows the page (a report is not what one waits on).
    setTimeout(
      track,
      0,
      api,
      TrackEvent.pageView,
      {},
      toLocation.href,
      fromLocation?.href ?? document.referrer,
    );
  });
}
