import { defaultVideoListFilters } from "@platform/domain";
import type { VideoListQuery } from "../videos/queries";

/**
 * The list of a channel page (/d/{channelTagId}): that channel's videos, unfiltered. Apart from
 * channel.ts, so the route's loader can start the list without bringing the page's own code along.
 */
export function channelVideoQuery(channelTagId: string): VideoListQuery {
  return { ...defaultVideoListFilters, classifyId: null, channelTagId };
}
