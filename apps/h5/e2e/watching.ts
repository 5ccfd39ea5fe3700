// Watching a video in the journeys: the page's <video>, playing faster, the videos to pick.
import type { PlatformApi, VideoDetail } from "@platform/api-client";
import { PriceFilter } from "@platform/domain";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** What the page's <video> says about itself. */
export interface MediaState {
  readonly time: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly error: number | null;
}
export function media(page: Page): Promise<MediaState> {
  return page.locator("video").evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    paused: v.paused,
    ended: v.ended,
    error: v.error?.code ?? null,
  }));
}

/** Plays faster (the journeys wait for limits and ends): the viewer's own speed setting. */
export async function speedUp(page: Page, rate = 4): Promise<void> {
  await page.locator("video").evaluate((v: HTMLVideoElement, r: number) => {
    v.playbackRate = r;
    v.addEventListener("ratechange", () => {
      if (v.playbackRate !== r) v.playbackRate = r;
    });
  }, rate);
}

export async function opened(page: Page, id: string): Promise<void> {
  await page.goto(`/videoview?id=${id}`);
  await page.locator("video").waitFor();
}

/** Opens the first free video the list gives (any video page will do). */
export async function openedAnyFreeVideo(page: Page, api: PlatformApi): Promise<void> {
  const [video] = (await api.substance.getVideoList({ price: PriceFilter.free, size: 1 })).records;
  if (video === undefined) throw new Error("the seed has no free video");
  await opened(page, video.id);
}

/** Opens a video, waits until it has played past `after` seconds, then plays it faster. */
export async function playing(page: Page, id: string, after = 0.2): Promise<void> {
  await opened(page, id);
  await expect.poll(async () => (await media(page)).time, { timeout: 20_000 }).toBeGreaterThan(after);
  await speedUp(page);
}

/** Published videos of a level, with this viewer's details (the first 50 the list gives). */
export async function detailsOf(api: PlatformApi, price: PriceFilter): Promise<VideoDetail[]> {
  const page = await api.substance.getVideoList({ price, size: 50 });
  const out: VideoDetail[] = [];
  for (const v of page.records) out.push(await api.substance.getInfoById({ id: v.id }));
  return out;
}

/** The one with the shortest preview (then the shortest video): the journeys wait for it. */
export function quickest(list: readonly VideoDetail[]): VideoDetail {
  const sorted = [...list].sort((a, b) => a.freeTimeMs - b.freeTimeMs || a.videoLength - b.videoLength);
  const first = sorted[0];
  if (first === undefined) throw new Error("no video to watch");
  return first;
}
