import { act } from "react";
import { Language } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { byText, click, control, scrollForMore, waitFor } from "../../test/renderApp";
import { ME, OTHER, fakeApi, openPage, iconButton, fansCount, videoTitles } from "../../test/creationCenter";

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
