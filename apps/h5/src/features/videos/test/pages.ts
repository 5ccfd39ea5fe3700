import type { Video } from "@platform/api-client";
import { VIDEO_PAGE_SIZE } from "../queries";
import type { VideoPage } from "../queries";

/** A listed video with just an id and a title (what the paging tests look at). */
export function video(id: number): Video {
  return { id: String(id), videoTitle: `Video ${String(id)}` } as Video;
}

/** Page `current` of a list, holding `count` videos numbered on from `firstId`. */
export function page(
  current: number,
  count: number,
  firstId = (current - 1) * VIDEO_PAGE_SIZE + 1,
): VideoPage {
  return {
    records: Array.from({ length: count }, (_, i) => video(firstId + i)),
    total: 999,
    current,
    size: VIDEO_PAGE_SIZE,
  };
}
