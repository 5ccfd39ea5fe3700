import { WatchLevel } from "@platform/domain";
import type { VideoCardData } from "../types";

/** Inline SVG pictures: stories and tests make no network request. */
function svgCover(width: number, height: number, from: string, to: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}" viewBox="0 0 ${String(width)} ${String(height)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${String(width * 0.72)}" cy="${String(height * 0.3)}" r="${String(Math.min(width, height) * 0.12)}" fill="#fff6" />` +
    `<path d="M0 ${String(height * 0.8)} L${String(width * 0.35)} ${String(height * 0.5)} L${String(width * 0.6)} ${String(height * 0.72)} L${String(width)} ${String(height * 0.45)} V${String(height)} H0 Z" fill="#0005"/>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const landscapeCover = svgCover(320, 180, "#ff7a59", "#6a3df0");
export const verticalCover = svgCover(180, 320, "#1fc8a9", "#1d4ed8");
/** A cover that cannot be decoded: the card keeps its placeholder. */
export const brokenCover = "data:image/png;base64,AAAA";

export const sampleVideo: VideoCardData = {
  id: "v-1001",
  videoTitle: "海边日落延时摄影",
  nickName: "旅行的猫",
  createUserName: "cat_travel",
  videoLength: 754_000,
  videoWidth: 1920,
  videoHeight: 1080,
  coverImage: null,
  coverFileUrl: landscapeCover,
  verticalCoverUrl: verticalCover,
  playCount: 12_345,
  watchLevel: WatchLevel.FREE,
  auditTime: "2024-05-01 12:30:00",
  seenMs: null,
  type: 99,
};

export function video(overrides: Partial<VideoCardData> = {}): VideoCardData {
  return { ...sampleVideo, ...overrides };
}

/** The level stories of every card: a super members' video and a paid one. */
export const superVideo = video({ watchLevel: WatchLevel.SVIP, playCount: 1_234_567 });
export const payVideo = video({ watchLevel: WatchLevel.CHARGE, playCount: 56_000 });

export const verticalVideo = video({
  id: "v-1002",
  videoTitle: "竖屏街舞挑战",
  videoWidth: 1080,
  videoHeight: 1920,
  playCount: 987,
  videoLength: 48_000,
});

export const longTitle =
  "一段非常非常长的视频标题，用来检查两行截断是否正常工作，并且不会把卡片撑高或者挤压作者昵称和播放次数这一行的显示";

/** A mixed page of videos for list stories. */
export const samplePage: readonly VideoCardData[] = [
  sampleVideo,
  verticalVideo,
  video({
    id: "v-1003",
    videoTitle: "SVIP 专享：城市夜景航拍",
    watchLevel: WatchLevel.SVIP,
    playCount: 1_234_567,
  }),
  video({
    id: "v-1004",
    videoTitle: "付费课程：十分钟学会剪辑",
    watchLevel: WatchLevel.CHARGE,
    videoLength: 3_723_000,
    playCount: 56_000,
    nickName: "",
    createUserName: "editor_pro",
  }),
  video({ id: "v-1005", videoTitle: longTitle, coverFileUrl: null, playCount: 0 }),
  video({ id: "v-1006", videoTitle: "Morning jog vlog", nickName: "Runner Kim", playCount: 4_200 }),
];
