/** What the creation centre's two test files share: the people, their videos, a fake API, the page. */
import { ApiError } from "@platform/api-client";
import type { Author, RequestOf, UploadOptions, Video } from "@platform/api-client";
import { Language, VideoStatus } from "@platform/domain";
import { useSearch } from "@tanstack/react-router";
import { vi } from "vitest";
import { validateIdSearch } from "../app/route-search";
import { fakeVideo, pageOf } from "./fakes";
import { byText, chooseFile, renderApp, waitFor } from "./renderApp";
import { CreationCenterScreen } from "../features/creation/CreationCenterScreen";

export const ME = "7";
export const OTHER = "8";
export const OLD_BACKGROUND = "/api/media/files/PUBLIC/picture/7/old.png";
export const NEW_BACKGROUND = "/api/media/files/PUBLIC/picture/7/new.png";

export function author(userId: string): Author {
  const self = userId === ME;
  return {
    userId,
    nickName: self ? "小影 Ying" : "极客实验室 Geek Lab",
    avatarFileUrl: null,
    bgImgFileUrl: self ? OLD_BACKGROUND : null,
    introduction: self ? null : "Gadgets, taken apart.",
    fansCount: 5,
    followCount: 3,
    videoCount: 12,
    likeCount: 40,
    hasFollow: false,
    isSelf: self,
    isVip: false,
  };
}

type UploadBehaviour = "succeed" | "fail" | "hold";

/** The viewer's own videos, every status (getMyVideoList), newest first. */
export function ownVideos() {
  const own = (id: number, type: number, owner: Partial<NonNullable<Video["owner"]>> = {}, title?: string) =>
    fakeVideo(id, {
      createUserId: ME,
      type,
      videoTitle: title ?? `Video ${String(id)}`,
      auditTime: type === VideoStatus.published ? "2025-01-01 10:00:00" : null,
      owner: { freeTimeMs: 15_000, reason: null, progress: null, uploadKey: null, edit: null, ...owner },
    });
  return [
    own(105, VideoStatus.uploading, { uploadKey: "video/7/a.mp4" }, "还在上传"),
    own(104, VideoStatus.processing, { progress: 64 }, "处理中的视频"),
    own(103, VideoStatus.rejected, { reason: "审核未通过：画面模糊" }, "被拒绝的视频"),
    own(102, VideoStatus.awaitingReview, {}, "等待审核"),
    own(
      101,
      VideoStatus.published,
      {
        edit: {
          videoTitle: "新标题",
          introduction: "",
          tags: [],
          allowDownload: false,
          watchLevel: "FREE",
          amount: 0,
          freeTimeMs: 0,
          coverUrl: null,
          status: VideoStatus.awaitingReview,
          reason: null,
        },
      },
      "已发布的视频",
    ),
  ];
}

/** The calls the page makes, over authors 7 (the viewer) and 8 (12 videos); others are no one. */
export function fakeApi({
  videos = 12,
  upload = "succeed",
}: { videos?: number; upload?: UploadBehaviour } = {}) {
  const fans = { count: 5, following: false };
  const failVideosOnce = { on: false };
  const mine = ownVideos();
  const api = {
    client: { userInfo: { id: Number(ME), nickName: "小影 Ying" }, storage: { get: () => null } },
    substance: {
      // The owner's share of sales (Step 22): two sales of one video, 7.00 each, today.
      creatorEarnings: vi.fn(() => {
        const day = new Date().toISOString().slice(0, 10);
        return Promise.resolve({
          sharePercent: 70,
          total: 1400,
          sales: 2,
          days: [{ day, amount: 1400, sales: 2 }],
          videos: [{ videoId: "701", title: "晨光 Dawn", amount: 1400, sales: 2 }],
        });
      }),
      authorInfo: vi.fn(({ userId }: { userId: string }) =>
        userId === ME || userId === OTHER
          ? Promise.resolve({
              ...author(userId),
              ...(userId === OTHER ? { fansCount: fans.count, hasFollow: fans.following } : {}),
            })
          : Promise.reject(
              new ApiError({
                kind: "business",
                endpoint: "substance.authorInfo",
                code: 404,
                msg: "not found",
              }),
            ),
      ),
      browseMyVideo: vi.fn((request: RequestOf<"substance.browseMyVideo">) => {
        if (failVideosOnce.on) {
          failVideosOnce.on = false;
          return Promise.reject(new ApiError({ kind: "network", endpoint: "substance.browseMyVideo" }));
        }
        return Promise.resolve(pageOf(request, videos, (n) => fakeVideo(n, { createUserId: OTHER })));
      }),
      getMyVideoList: vi.fn((request: RequestOf<"substance.getMyVideoList">) =>
        Promise.resolve(pageOf(request, mine.length, (n) => mine[n - 1] ?? fakeVideo(n))),
      ),
      deleteMyVideo: vi.fn(({ id }: RequestOf<"substance.deleteMyVideo">) => {
        mine.splice(
          mine.findIndex((v) => v.id === id),
          1,
        );
        return Promise.resolve(null);
      }),
    },
    contacts: {
      follow: vi.fn((_request: RequestOf<"contacts.follow">) => {
        fans.count += 1;
        fans.following = true;
        return Promise.resolve({ hasFollow: true, fansCount: fans.count });
      }),
      unfollow: vi.fn((_request: RequestOf<"contacts.unfollow">) => {
        fans.count -= 1;
        fans.following = false;
        return Promise.resolve({ hasFollow: false, fansCount: fans.count });
      }),
    },
    uploadFile: vi.fn((_file: Blob, options: UploadOptions) => {
      options.onProgress?.({ loaded: 50, total: 100, fraction: 0.5 });
      if (upload === "fail")
        return Promise.reject(
          new ApiError({ kind: "http", endpoint: "upload.put", status: 413, msg: "too large" }),
        );
      if (upload === "hold")
        return new Promise((_resolve, reject) => {
          options.signal?.addEventListener("abort", () => {
            reject(new ApiError({ kind: "cancelled", endpoint: "upload.put" }));
          });
        });
      return Promise.resolve({ key: "picture/7/new.png", bucketEnum: "PUBLIC" });
    }),
    user: {
      modifyBgImg: vi.fn((_request: RequestOf<"user.modifyBgImg">) =>
        Promise.resolve({ bgImgFileUrl: NEW_BACKGROUND }),
      ),
      queryInfo: vi.fn(),
    },
    system: { report: vi.fn((_request: RequestOf<"system.report">) => Promise.resolve(null)) },
  };
  return { api, failVideosOnce };
}

/** The route as the app has it: the page reads its id from the URL. */
export function CreationCenterPage() {
  const search = useSearch({ strict: false });
  return <CreationCenterScreen userId={validateIdSearch(search).id} />;
}

export function openPage(api: unknown, path: string, language: Language = Language.zhCN) {
  return renderApp({ api, path, pages: { "/creationcenter": CreationCenterPage }, language });
}

/** The viewer's own page, once its header shows; returns the stand-in api. */
export async function openOwnPage(upload?: UploadBehaviour) {
  const { api } = fakeApi({ upload });
  await openPage(api, `/creationcenter?id=${ME}`);
  await waitFor(() => byText("小影 Ying"));
  return api;
}

export const iconButton = (label: string) =>
  document.body.querySelector<HTMLElement>(`button[aria-label="${label}"]`);
export const fansCount = () => document.body.querySelector('[data-count="fans"] dd')?.textContent;
export const backgroundSrc = () =>
  document.body.querySelector('[data-testid="author-background"] img')?.getAttribute("src") ?? null;
export const videoTitles = () =>
  [...document.body.querySelectorAll("ul[aria-label] li button")]
    .map((b) => b.textContent)
    .filter((text) => text.startsWith("Video"));

export const chooseBackground = (file: File) => chooseFile("background-album", file);

export const png = () => new File([new Uint8Array([137, 80, 78, 71])], "bg.png", { type: "image/png" });
