import { screen, waitFor } from "@testing-library/react";
import { afterEach, expect, vi } from "vitest";
import { VideoPlayer } from "../player/VideoPlayer";
import type { VideoPlayerProps } from "../player/VideoPlayer";
import { fakeShaka } from "./fakeShaka";
import { Language, renderUi } from "./render";
import { fakeMediaClock } from "./testClock";

/** The shared setup of the VideoPlayer.*.test.tsx files. */

/** Every test of a player file starts without the previous test's spies and stubbed globals. */
export function restoreMocksAfterEach(): void {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

export const sources = [
  { resolution: "360p", videoPlayUrl: "/api/media/hls/7/360p.m3u8", defaultResolution: false },
  { resolution: "720p", videoPlayUrl: "/api/media/hls/7/720p.m3u8", defaultResolution: true },
  { resolution: "480p", videoPlayUrl: "/api/media/hls/7/480p.m3u8", defaultResolution: false },
];

type Props = Omit<VideoPlayerProps, "sources" | "previewLimitSeconds"> &
  Partial<Pick<VideoPlayerProps, "sources" | "previewLimitSeconds">>;

/** Renders a player on a fake shaka, waits until it is ready and fakes its <video>'s clock. */
export async function renderPlayer(props: Props = {}, language?: Language) {
  const fake = fakeShaka();
  const rendered = await renderUi(
    <VideoPlayer sources={sources} previewLimitSeconds={null} loadShaka={fake.load} {...props} />,
    { language },
  );
  const video = rendered.container.querySelector("video");
  if (video === null) throw new Error("no <video>");
  const clock = fakeMediaClock(video);
  await screen.findByRole("button", { name: language === Language.enUS ? "Play" : "播放" });
  await waitFor(() => {
    expect(fake.players[0]?.loads.length).toBe(1);
  });
  const player = fake.players[0];
  if (player === undefined) throw new Error("no player");
  return { ...rendered, fake, player, video, clock };
}
