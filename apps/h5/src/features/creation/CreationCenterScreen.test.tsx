import { ApiError } from "@platform/api-client";
import type { Author, RequestOf, UploadOptions, Video } from "@platform/api-client";
import { Language, VideoStatus } from "@platform/domain";
import { useSearch } from "@tanstack/react-router";
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { validateIdSearch } from "../../app/route-search";
import { fakeVideo, pageOf } from "../../test/fakes";
import {
  byText,
  chooseFile,
  click,
  control,
  queryText,
  renderApp,
  scrollForMore,
  waitFor,
} from "../../test/renderApp";
import { CreationCenterScreen } from "./CreationCenterScreen";

const ME = "7";
const OTHER = "8";
const OLD_BACKGROUND = "/api/media/files/PUBLIC/picture/7/old.png";
const NEW_BACKGROUND = "/api/media/files/PUBLIC/picture/7/new.png";

function author(userId: string): Author {
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
function ownVideos() {
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
function fakeApi({ videos = 12, upload = "succeed" }: { videos?: number; upload?: UploadBehaviour } = {}) {
  const fans = { count: 5, following: false };
  const failVideosOnce = { on: false };
  const mine = ownVideos();
  const api = {
    client: { userInfo: { id: Number(ME), nickName: "小影 Ying" }, storage: { get: () => null } },
    substance: {
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
function CreationCenterPage() {
  const search = useSearch({ strict: false });
  return <CreationCenterScreen userId={validateIdSearch(search).id} />;
}

function openPage(api: unknown, path: string, language: Language = Language.zhCN) {
  return renderApp({ api, path, pages: { "/creationcenter": CreationCenterPage }, language });
}

/** The viewer's own page, once its header shows; returns the stand-in api. */
async function openOwnPage(upload?: UploadBehaviour) {
  const { api } = fakeApi({ upload });
  await openPage(api, `/creationcenter?id=${ME}`);
  await waitFor(() => byText("小影 Ying"));
  return api;
}

const iconButton = (label: string) =>
  document.body.querySelector<HTMLElement>(`button[aria-label="${label}"]`);
const fansCount = () => document.body.querySelector('[data-count="fans"] dd')?.textContent;
const backgroundSrc = () =>
  document.body.querySelector('[data-testid="author-background"] img')?.getAttribute("src") ?? null;
const videoTitles = () =>
  [...document.body.querySelectorAll("ul[aria-label] li button")]
    .map((b) => b.textContent)
    .filter((text) => text.startsWith("Video"));

const chooseBackground = (file: File) => chooseFile("background-album", file);

const png = () => new File([new Uint8Array([137, 80, 78, 71])], "bg.png", { type: "image/png" });

describe("the author's page of someone else", () => {
  it("shows the header and the videos page by page, follows and unfollows with the fans count", async () => {
    const { api } = fakeApi();
    await openPage(api, `/creationcenter?id=${OTHER}`);
    await waitFor(() => byText("极客实验室 Geek Lab"));
    expect(byText("Gadgets, taken apart.")).toBeTruthy();
    expect(fansCount()).toBe("5");
    expect(document.body.querySelector('[data-count="videos"] dd')?.textContent).toBe("12");
    expect(api.substance.authorInfo).toHaveBeenCalledWith({ userId: OTHER }, expect.anything());

    // Others' pages: the three-dots menu, no background change.
    expect(iconButton("更多操作")).not.toBeNull();
    expect(iconButton("更换背景")).toBeNull();

    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    expect(api.substance.browseMyVideo.mock.calls[0]?.[0]).toEqual({
      userId: OTHER,
      current: 1,
      cursor: null,
      size: 10,
    });
    await scrollForMore(videoTitles, 12);
    expect(api.substance.browseMyVideo.mock.calls[1]?.[0]).toEqual({ userId: OTHER, current: 2, size: 10 });
    expect(byText("没有更多了")).toBeTruthy();

    const follow = control("关注");
    expect(follow.getAttribute("aria-pressed")).toBe("false");
    await click(follow);
    await waitFor(() => byText("已关注"));
    expect(api.contacts.follow).toHaveBeenCalledWith({ followUserId: OTHER, userId: ME });
    expect(fansCount()).toBe("6");
    expect(control("已关注").getAttribute("aria-pressed")).toBe("true");

    await click(control("已关注"));
    await waitFor(() => byText("关注", "button"));
    expect(api.contacts.unfollow).toHaveBeenCalledWith({ followUserId: OTHER, userId: ME });
    expect(fansCount()).toBe("5");
  });

  it("reports the profile from the three-dots menu", async () => {
    const { api } = fakeApi();
    await openPage(api, `/creationcenter?id=${OTHER}`);
    await waitFor(() => byText("极客实验室 Geek Lab"));
    await click(iconButton("更多操作") ?? document.body);
    await click(control("举报"));
    await waitFor(() => byText("请选择举报原因"));
    await click(control("辱骂攻击"));
    await waitFor(() => byText("举报成功，我们会尽快处理"));
    expect(api.system.report).toHaveBeenCalledWith({ targetType: "USER", targetId: OTHER, reason: "ABUSE" });
  });

  it("opens a video on /videoview; search goes to /search", async () => {
    const { api } = fakeApi();
    const app = await openPage(api, `/creationcenter?id=${OTHER}`);
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
    await click(control("Video 3"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/videoview");
    });
    expect(app.router.state.location.search).toEqual({ id: "3" });

    await act(async () => {
      await app.router.navigate({ href: `/creationcenter?id=${OTHER}` });
    });
    await waitFor(() => byText("极客实验室 Geek Lab"));
    await click(iconButton("搜索") ?? document.body);
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/search");
    });
  });

  it("says when there are no videos, and retries a failed list", async () => {
    const empty = fakeApi({ videos: 0 });
    const emptyPage = await openPage(empty.api, `/creationcenter?id=${OTHER}`);
    await waitFor(() => byText("还没有发布作品"));
    emptyPage.unmount();

    const failing = fakeApi();
    failing.failVideosOnce.on = true;
    await openPage(failing.api, `/creationcenter?id=${OTHER}`);
    await waitFor(() => byText("重试", "button"));
    await click(control("重试"));
    await waitFor(() => {
      expect(videoTitles()).toHaveLength(10);
    });
  });
});

describe("the author's own page", () => {
  it("offers 'change background' (view, camera, album) and no follow button or Report", async () => {
    await openOwnPage();
    const buttons = [...document.body.querySelectorAll("button")].map((b) => b.textContent);
    expect(buttons).not.toContain("关注");
    expect(buttons).not.toContain("已关注");
    expect(iconButton("更多操作")).toBeNull();
    expect(backgroundSrc()).toBe(OLD_BACKGROUND);

    await click(iconButton("更换背景") ?? document.body);
    const sheet = document.body.querySelector('[role="dialog"]');
    const choices = [...(sheet?.querySelectorAll("button") ?? [])].map((b) => b.textContent);
    expect(choices).toEqual(["查看图片", "拍照", "从相册选择", "取消"]);
    expect(queryText("举报")).toBeNull();
    const camera = document.body.querySelector('[data-testid="background-camera"]');
    expect(camera?.getAttribute("capture")).toBe("environment");
    expect(camera?.getAttribute("accept")).toBe("image/*");

    // 'View image': the current background, full screen, closed again.
    await click(control("查看图片"));
    const viewer = await waitFor(() => {
      const found = document.body.querySelector<HTMLElement>('[role="dialog"][aria-label="背景图片"]');
      if (found === null) throw new Error("no viewer");
      return found;
    });
    expect(viewer.querySelector("img")?.getAttribute("src")).toBe(OLD_BACKGROUND);
    await click(viewer.querySelector<HTMLElement>('button[aria-label="关闭"]') ?? document.body);
    await waitFor(() => {
      expect(document.body.querySelector('[aria-label="背景图片"]')).toBeNull();
    });
  });

  it("uploads a chosen picture, then makes it the background with the upload's key and bucket", async () => {
    const api = await openOwnPage();
    const file = png();
    await chooseBackground(file);
    await waitFor(() => byText("背景已更换"));
    expect(api.uploadFile).toHaveBeenCalledOnce();
    expect(api.uploadFile.mock.calls[0]?.[0]).toBe(file);
    expect(api.uploadFile.mock.calls[0]?.[1]).toMatchObject({ uploadFileType: "PICTURE" });
    expect(api.uploadFile.mock.calls[0]?.[1].signal).toBeInstanceOf(AbortSignal);
    expect(api.user.modifyBgImg).toHaveBeenCalledWith({
      bgImgFilename: "picture/7/new.png",
      bgImgBucket: "PUBLIC",
    });
    expect(backgroundSrc()).toBe(NEW_BACKGROUND);
  });

  it("refuses a file that is not an image, and keeps the background", async () => {
    const api = await openOwnPage();
    await chooseBackground(new File(["hello"], "notes.txt", { type: "text/plain" }));
    await waitFor(() => byText("请选择图片文件"));
    expect(api.uploadFile).not.toHaveBeenCalled();
    expect(backgroundSrc()).toBe(OLD_BACKGROUND);
  });

  it("says a failed upload failed, and keeps the background", async () => {
    const api = await openOwnPage("fail");
    await chooseBackground(png());
    await waitFor(() => byText("背景更换失败，原背景未改变。"));
    expect(byText("too large")).toBeTruthy();
    expect(api.user.modifyBgImg).not.toHaveBeenCalled();
    expect(backgroundSrc()).toBe(OLD_BACKGROUND);
    await click(control("知道了"));
    await waitFor(() => {
      expect(queryText("背景更换失败，原背景未改变。")).toBeNull();
    });
  });

  it("shows the upload's progress, and cancelling stops it and keeps the background", async () => {
    const api = await openOwnPage("hold");
    await chooseBackground(png());
    await waitFor(() => byText("正在上传 50%"));
    expect(document.body.querySelector("progress")?.getAttribute("value")).toBe("50");
    await click(control("取消上传"));
    await waitFor(() => byText("已取消上传，背景未更改"));
    expect(api.uploadFile.mock.calls[0]?.[1].signal?.aborted).toBe(true);
    expect(api.user.modifyBgImg).not.toHaveBeenCalled();
    expect(queryText("正在上传 50%")).toBeNull();
    expect(backgroundSrc()).toBe(OLD_BACKGROUND);
  });
});

describe("the author's own works", () => {
  const rows = () => [...document.body.querySelectorAll('ul[aria-label="作品列表"] > li')];
  /** The element of `scope` whose own text is `text`. */
  const textIn = (scope: Element, text: string) => {
    const found = [...scope.querySelectorAll("*")].find(
      (el) => el.textContent.trim() === text && [...el.children].every((c) => c.textContent.trim() !== text),
    );
    if (found === undefined) throw new Error(`no "${text}"`);
    return found;
  };
  const rowOf = (title: string) => {
    const row = rows().find((li) => li.textContent.includes(title));
    if (row === undefined) throw new Error(`no row "${title}"`);
    return row;
  };

  it("lists every video of theirs with its review-status tip, reason, progress and pending edit", async () => {
    const api = await openOwnPage();
    await waitFor(() => {
      expect(rows()).toHaveLength(5);
    });
    expect(api.substance.getMyVideoList).toHaveBeenCalled();
    expect(api.substance.browseMyVideo).not.toHaveBeenCalled();
    const tipOf = (title: string) => rowOf(title).querySelector(".pf-video-row__tip");
    expect(tipOf("还在上传")?.textContent).toBe("上传中");
    expect(tipOf("处理中的视频")?.textContent).toBe("审核中");
    expect(textIn(rowOf("处理中的视频"), "处理中 64%")).toBeTruthy();
    expect(tipOf("被拒绝的视频")?.textContent).toBe("审核未通过");
    expect(tipOf("被拒绝的视频")?.className).toContain("pf-video-row__tip--error");
    expect(textIn(rowOf("被拒绝的视频"), "审核未通过：画面模糊").className).toBe("pf-own-video__reason");
    expect(tipOf("等待审核")?.textContent).toBe("审核中");
    // Published: no tip (it has an audit time), the edit under review said.
    expect(tipOf("已发布的视频")).toBeNull();
    expect(textIn(rowOf("已发布的视频"), "修改审核中，通过前观众看到的是已发布的版本")).toBeTruthy();
    expect(control("发布视频").getAttribute("href")).toBe("/editvideo");
  });

  it("edits a video on /editvideo?id=", async () => {
    const { api } = fakeApi();
    const app = await openPage(api, `/creationcenter?id=${ME}`);
    await waitFor(() => {
      expect(rows()).toHaveLength(5);
    });
    await click(control("编辑《被拒绝的视频》"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/editvideo");
    });
    expect(app.router.state.location.search).toEqual({ id: "103" });
  });

  it("deletes a video after asking: 'delete success', and the list reloads", async () => {
    const api = await openOwnPage();
    await waitFor(() => {
      expect(rows()).toHaveLength(5);
    });
    await click(control("删除《等待审核》"));
    const dialog = await waitFor(() => {
      const found = document.body.querySelector<HTMLElement>('[role="alertdialog"]');
      if (found === null) throw new Error("no dialog");
      return found;
    });
    expect(dialog.textContent).toContain("删除视频");
    expect(dialog.textContent).toContain("《等待审核》删除后无法恢复。");
    await click(control("取消", dialog));
    expect(api.substance.deleteMyVideo).not.toHaveBeenCalled();

    await click(control("删除《等待审核》"));
    await click(
      control("删除", document.body.querySelector<HTMLElement>('[role="alertdialog"]') ?? document.body),
    );
    await waitFor(() => byText("删除成功"));
    expect(api.substance.deleteMyVideo).toHaveBeenCalledWith({ id: "102" });
    await waitFor(() => {
      expect(rows()).toHaveLength(4);
    });
    expect(queryText("等待审核")).toBeNull();
  });
});

describe("ids that are no one's", () => {
  it("shows 'not found' with a way home for an unknown id", async () => {
    const { api } = fakeApi();
    const app = await openPage(api, "/creationcenter?id=99999");
    await waitFor(() => byText("找不到这位用户"));
    expect(api.substance.browseMyVideo).not.toHaveBeenCalled();
    await click(control("返回首页"));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/home");
    });
  });

  it("shows 'not found' without asking when the id is missing", async () => {
    const { api } = fakeApi();
    await openPage(api, "/creationcenter");
    await waitFor(() => byText("找不到这位用户"));
    expect(api.substance.authorInfo).not.toHaveBeenCalled();
  });

  it("speaks English", async () => {
    const { api } = fakeApi();
    await openPage(api, `/creationcenter?id=${OTHER}`, Language.enUS);
    await waitFor(() => byText("Fans"));
    expect(byText("Likes")).toBeTruthy();
    expect(document.body.querySelector('[data-count="follows"] dt')?.textContent).toBe("Following");
    expect(control("Follow")).toBeTruthy();
  });
});
