import type { VideoDetail } from "@platform/api-client";
import { ApiError } from "@platform/api-client";
import { Language, WatchLevel } from "@platform/domain";
import { act } from "react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { byText, click, control, queryText, renderApp, typeInto, waitFor } from "../../test/renderApp";
import { CollectPopup } from "./CollectPopup";
import { videoKeys } from "./queries";
import { VideoActions } from "./VideoActions";
import { VideoComments } from "./VideoComments";
import { VideoViewScreen } from "./VideoViewScreen";

const video: VideoDetail = {
  id: "42",
  videoTitle: "海边日落 Seaside Sunset",
  introduction: "",
  tags: ["travel"],
  allowDownload: false,
  nickName: "光影工作室 Studio",
  createUserName: "studio",
  createUserId: "9",
  avatarFileUrl: null,
  videoLength: 20_000,
  videoWidth: 1280,
  videoHeight: 720,
  coverImage: null,
  coverFileUrl: null,
  verticalCoverUrl: null,
  playCount: 10,
  likeCount: 3,
  commentCount: 2,
  watchLevel: WatchLevel.FREE,
  amount: 0,
  discount: null,
  auditTime: null,
  seenMs: null,
  type: 99,
  createTime: "2026-11-01 10:00:00",
  updateTime: "2026-11-01 10:00:00",
  multiResolutionList: [],
  videoOriginalFileUrl: null,
  privileges: { buyInfo: { isBuy: false }, vipInfo: { isVip: false }, watchLevel: WatchLevel.FREE },
  freeTimeMs: 0,
  benefitAmount: null,
  likeFlag: false,
  collectFlag: false,
  hasFollow: false,
  forwardCount: 0,
};

function comment(id: string, userId: string, text: string) {
  return {
    id,
    commentUserId: userId,
    commentUserName: userId === "7" ? "小影 Ying" : "阿北 Bei",
    commentUserAvatar: null,
    commentContent: text,
    createTime: "2026-11-01 10:00:00",
    likeFlag: false,
    likeCount: 0,
    childList: [],
    childCount: 0,
    replyCommentId: null,
  };
}

/** The calls the video screen's parts make, recorded. */
function fakeApi() {
  let comments = [comment("c1", "8", "第一条 First")];
  const folders = [
    { id: "f1", name: "旅行", videoCount: 2, coverUrl: null, createTime: "2026-11-01 10:00:00" },
  ];
  const api = {
    client: {
      userInfo: { id: "7", mobile: "13800000001", nickName: "小影 Ying", channelTagId: "0" },
      storage: { get: () => null },
    },
    user: {
      queryMemberBenefits: vi.fn(() => Promise.resolve({ isCommentEnabled: true, isVip: true, discount: 8 })),
    },
    substance: {
      doLike: vi.fn(() => Promise.resolve({ likeFlag: true, likeCount: 4 })),
      cancelCollect: vi.fn(() => Promise.resolve({ collectFlag: false, collectCount: 0 })),
      collect: vi.fn(() => Promise.resolve({ collectFlag: true, collectCount: 1 })),
      doForward: vi.fn(() => Promise.resolve({ forwardCount: 1, shareUrl: "/videoview?id=42" })),
      getFavorite: vi.fn(() => Promise.resolve(folders)),
      createFavorite: vi.fn(({ name }: { name: string }) =>
        Promise.resolve({ id: "f2", name, videoCount: 0, coverUrl: null, createTime: "2026-11-01 10:00:00" }),
      ),
      bindCollect: vi.fn(({ favoriteId }: { favoriteId: string }) =>
        Promise.resolve({ ...folders[0], id: favoriteId }),
      ),
      commentList: vi.fn(() =>
        Promise.resolve({ records: comments, total: comments.length, current: 1, size: 10 }),
      ),
      doComment: vi.fn(({ commentContent }: { commentContent: string }) => {
        const made = comment(`c${String(comments.length + 1)}`, "7", commentContent);
        comments = [made, ...comments];
        return Promise.resolve(made);
      }),
      deleteComment: vi.fn(({ commentId }: { commentId: string }) => {
        comments = comments.filter((c) => c.id !== commentId);
        return Promise.resolve(null);
      }),
      likeComment: vi.fn(() => Promise.resolve({ likeFlag: true, likeCount: 1 })),
    },
  };
  return api;
}

/** The one element a selector finds; throws when there is none. */
function one(selector: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(selector);
  if (found === null) throw new Error(`nothing matches ${selector}`);
  return found;
}

/** One part of the video screen as the page at /v, with the app's providers. */
function renderPart(api: unknown, part: ReactNode, language?: Language) {
  return renderApp({ api, path: "/v", pages: { "/v": () => part }, language });
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "share");
});

describe("the video's actions", () => {
  it("likes with the server's count, and copies the link to share on a desktop agent", async () => {
    const api = fakeApi();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    const app = await renderPart(
      api,
      <VideoActions video={video} onOpenComments={vi.fn()} onCollect={vi.fn()} />,
    );
    app.queryClient.setQueryData(videoKeys.info("42"), video);
    await click(one('button[aria-label="点赞"]'));
    await waitFor(() => {
      expect(api.substance.doLike).toHaveBeenCalledWith({ substanceId: "42" });
      expect(app.queryClient.getQueryData<VideoDetail>(videoKeys.info("42"))?.likeCount).toBe(4);
    });
    await click(one('button[aria-label="分享"]'));
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/videoview?id=42`);
      byText("复制成功");
    });
    expect(app.queryClient.getQueryData<VideoDetail>(videoKeys.info("42"))?.forwardCount).toBe(1);
  });

  it("shares through the native sheet on a mobile agent", async () => {
    const api = fakeApi();
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "share", { configurable: true, value: share });
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)");
    await renderPart(api, <VideoActions video={video} onOpenComments={vi.fn()} onCollect={vi.fn()} />);
    await click(one('button[aria-label="分享"]'));
    await waitFor(() => {
      expect(share).toHaveBeenCalledWith({
        title: video.videoTitle,
        url: `${window.location.origin}/videoview?id=42`,
      });
    });
    expect(queryText("复制成功")).toBeNull();
  });
});

describe("collecting into a folder", () => {
  it("refuses a bad name, keeps it, then creates the folder and collects into it", async () => {
    const api = fakeApi();
    const onClose = vi.fn();
    await renderPart(api, <CollectPopup api={api as never} video={video} open onClose={onClose} />);
    await waitFor(() => byText("旅行"));
    await click(control("新建收藏夹"));
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>("input[maxlength='16']");
      if (found === null) throw new Error("no name box");
      return found;
    });
    await typeInto(input, "a1");
    await click(control("新建并收藏"));
    await waitFor(() => byText("收藏夹名称为 2-16 位中文或英文字母"));
    expect(input.value).toBe("a1");
    expect(api.substance.createFavorite).not.toHaveBeenCalled();
    await typeInto(input, "周末片单");
    await click(control("新建并收藏"));
    await waitFor(() => {
      expect(api.substance.createFavorite).toHaveBeenCalledWith({ name: "周末片单" });
      expect(api.substance.bindCollect).toHaveBeenCalledWith({ favoriteId: "f2", substanceIds: ["42"] });
      byText("已收藏到「周末片单」");
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("collects into a chosen folder, in English too", async () => {
    const api = fakeApi();
    await renderPart(
      api,
      <CollectPopup api={api as never} video={video} open onClose={vi.fn()} />,
      Language.enUS,
    );
    await waitFor(() => byText("Save to a folder"));
    await click(await waitFor(() => control("旅行")));
    await waitFor(() => {
      expect(api.substance.bindCollect).toHaveBeenCalledWith({ favoriteId: "f1", substanceIds: ["42"] });
      byText("Saved to “旅行”");
    });
  });
});

describe("the comments of a video", () => {
  it("sends (page 1 again, on top), deletes its own, and reports others'", async () => {
    const api = fakeApi();
    const onReport = vi.fn();
    const app = await renderPart(
      api,
      <VideoComments
        api={api as never}
        video={video}
        open
        onClose={vi.fn()}
        onRequireMembership={vi.fn()}
        onReport={onReport}
      />,
    );
    app.queryClient.setQueryData(videoKeys.info("42"), video);
    await waitFor(() => byText("第一条 First"));
    const box = document.querySelector<HTMLTextAreaElement>("textarea, input[maxlength='500']");
    if (box === null) throw new Error("no comment box");
    await act(async () => {
      box.focus();
      await Promise.resolve();
    });
    await typeInto(box, "新评论 New");
    await click(control("发送"));
    await waitFor(() => {
      expect(api.substance.doComment).toHaveBeenCalledWith({
        commentContent: "新评论 New",
        substanceId: "42",
      });
      const first = document.querySelector("ul li");
      expect(first?.textContent).toContain("新评论 New");
    });
    expect(app.queryClient.getQueryData<VideoDetail>(videoKeys.info("42"))?.commentCount).toBe(3);
    // The list was asked again from page 1.
    const pages = api.substance.commentList.mock.calls.map(
      (call) => (call as unknown as [{ current: number }])[0].current,
    );
    expect(pages).toEqual([1, 1]);

    // Others' comment: report. Own comment: delete.
    const [others, mine] = [
      ...document.querySelectorAll<HTMLElement>('button[aria-label="评论操作"]'),
    ].reverse();
    if (others === undefined || mine === undefined) throw new Error("two comments expected");
    await click(others);
    await click(control("举报"));
    expect(onReport).toHaveBeenCalledWith(expect.objectContaining({ id: "c1" }));
    await click(mine);
    await waitFor(() => control("删除"));
    await click(control("删除"));
    await waitFor(() => {
      expect(api.substance.deleteComment).toHaveBeenCalledWith({ commentId: "c2" });
      byText("删除成功");
      expect(queryText("新评论 New")).toBeNull();
    });
  });
});

describe("a video that is gone (deleted, a buyer refunded)", () => {
  it("says so once: on the screen, not in a toast over it", async () => {
    const getInfoById = vi.fn((_request: { id: string }, _options?: { quiet?: boolean }) =>
      Promise.reject(
        new ApiError({
          kind: "business",
          endpoint: "substance.getInfoById",
          code: 404,
          msg: "视频不存在或已下架",
        }),
      ),
    );
    const api = { ...fakeApi(), substance: { getInfoById } };
    await renderPart(api, <VideoViewScreen id="404" />);
    await waitFor(() => byText("视频不存在或已下架"));
    // The api-client toasts a failure unless the call is quiet: the screen's sentence is the only one.
    expect(getInfoById.mock.calls.every(([, options]) => options?.quiet === true)).toBe(true);
    expect(document.body.textContent.split("视频不存在或已下架")).toHaveLength(2);
  });
});
