// The author's own page and works (the page of someone else: CreationCenterScreen.test.tsx).
import { describe, expect, it } from "vitest";
import { byText, click, control, queryText, waitFor } from "../../test/renderApp";
import {
  ME,
  OLD_BACKGROUND,
  NEW_BACKGROUND,
  fakeApi,
  openPage,
  openOwnPage,
  iconButton,
  backgroundSrc,
  chooseBackground,
  png,
} from "../../test/creationCenter";

describe("the author's own page", () => {
  it("shows the owner's earnings of the last 30 days: the total, its sales and the videos", async () => {
    await openOwnPage();
    await waitFor(() => byText("作品收益 · 近 30 天"));
    expect(byText("2 笔销售，每笔分成 70%")).toBeTruthy();
    expect(byText("2 笔 · 14.00 金币")).toBeTruthy();
    expect(byText("晨光 Dawn")).toBeTruthy();
  });

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
