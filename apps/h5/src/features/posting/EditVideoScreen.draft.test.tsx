import { ApiError } from "@platform/api-client";
import { Language, VideoStatus, WatchLevel } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { byText, click, control, typeInto, waitFor } from "../../test/renderApp";
import { NEW_POST, readDraft, updateDraft } from "./draft";
import { ME, fakePostingApi, ownVideo, videoFile } from "./test/fakePostingApi";
import {
  freshEditorEachTest,
  openEditor,
  field,
  select,
  chooseVideo,
  discardAfterAsking,
  status,
  openNewPost,
} from "./test/editorPage";

freshEditorEachTest();

describe("/editvideo: the draft", () => {
  it("shows a cover sent before a reload from the server, and by name when the draft has no bucket", async () => {
    updateDraft(ME, NEW_POST, (draft) => ({
      ...draft,
      cover: { key: "picture/7/cover.png", name: "cover.png", bucket: "PUBLIC" },
    }));
    const first = await openNewPost();
    expect(document.body.querySelector('img[alt="封面预览"]')?.getAttribute("src")).toBe(
      "/api/media/files/PUBLIC/picture/7/cover.png",
    );
    first.app.unmount();
    updateDraft(ME, NEW_POST, (draft) => ({
      ...draft,
      cover: { key: "picture/7/old.png", name: "old.png" },
    }));
    await openNewPost();
    expect(document.body.querySelector('img[alt="封面预览"]')).toBeNull();
    expect(byText("已选择 old.png")).toBeTruthy();
  });

  it("refills the form after a reload, and goes on with the upload when the same file is chosen", async () => {
    const file = videoFile("clip.mp4", 4 * 1024 * 1024, 1_700_000_000_000);
    updateDraft(ME, NEW_POST, () => ({
      fields: {
        videoTitle: "没写完的标题",
        introduction: "",
        tags: ["夜景"],
        allowDownload: true,
        watchLevel: WatchLevel.SVIP,
        price: "",
        freeTimeMs: 30_000,
      },
      upload: {
        key: "video/7/earlier.mp4",
        name: "clip.mp4",
        size: file.size,
        lastModified: file.lastModified,
        done: false,
      },
      cover: null,
    }));
    const { api } = fakePostingApi();
    await openEditor(api);
    await waitFor(() => byText("已恢复你上次没有保存的内容。"));
    expect(field("标题（必填）").value).toBe("没写完的标题");
    expect(byText("#夜景")).toBeTruthy();
    expect(select("试看时长").value).toBe("30000");
    expect(byText("允许下载").closest("label")?.querySelector("input")?.checked).toBe(true);
    expect(
      byText("上次的视频「clip.mp4」（4 MB）还没有传完：选择同一个文件即可从中断处继续上传。"),
    ).toBeTruthy();

    // Another file starts afresh (the same one goes on: below).
    await chooseVideo(videoFile("other.mp4", file.size, file.lastModified));
    expect(api.resumableUpload.mock.calls[0]?.[1]?.key).toBeNull();
  });

  it("passes the stored key when the first file chosen after a reload is the same one", async () => {
    const file = videoFile();
    updateDraft(ME, NEW_POST, () => ({
      fields: null,
      upload: {
        key: "video/7/earlier.mp4",
        name: file.name,
        size: file.size,
        lastModified: file.lastModified,
        done: false,
      },
      cover: null,
    }));
    const { api, lastUpload } = fakePostingApi();
    await openEditor(api);
    await waitFor(() => field("标题（必填）"));
    await chooseVideo(file);
    expect(api.resumableUpload.mock.calls[0]?.[1]?.key).toBe("video/7/earlier.mp4");
    await waitFor(() => {
      expect(status()).toContain("上传中");
    });
    expect(lastUpload().key).toBe("video/7/earlier.mp4");
  });

  it("saves with a stored upload that was already whole, without the file", async () => {
    updateDraft(ME, NEW_POST, () => ({
      fields: null,
      upload: { key: "video/7/whole.mp4", name: "clip.mp4", size: 100, lastModified: 1, done: true },
      cover: null,
    }));
    const { api } = fakePostingApi();
    await openEditor(api);
    await waitFor(() => byText("视频「clip.mp4」已上传完成。"));
    await typeInto(field("标题（必填）"), "标题");
    await click(control("发布"));
    await waitFor(() => {
      expect(api.substance.saveMyVideo).toHaveBeenCalledWith(
        expect.objectContaining({ videoKey: "video/7/whole.mp4" }),
      );
    });
  });

  it("keeps what is typed, and 'discard' clears it after asking", async () => {
    const { api, app } = await openNewPost();
    expect(readDraft(ME, NEW_POST)).toBeNull();
    await typeInto(field("标题（必填）"), "草稿");
    expect(readDraft(ME, NEW_POST)?.fields?.videoTitle).toBe("草稿");
    await discardAfterAsking();
    expect(readDraft(ME, NEW_POST)).toBeNull();
    expect(api.substance.saveMyVideo).not.toHaveBeenCalled();
    expect(api.client.call).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/home");
    });
  });

  it("discarding after a reload gives the kept unfinished upload up on the server", async () => {
    updateDraft(ME, NEW_POST, (draft) => ({
      ...draft,
      upload: { key: "video/7/half.mp4", done: false, name: "clip.mp4", size: 1000, lastModified: 1 },
    }));
    const { api } = await openNewPost();
    await discardAfterAsking();
    expect(api.client.call).toHaveBeenCalledWith(
      "upload.abort",
      { key: "video/7/half.mp4" },
      { quiet: true },
    );
    expect(readDraft(ME, NEW_POST)).toBeNull();
  });
});

describe("/editvideo?id=: one's own video", () => {
  it("a published video: its pending edit filled in, its file fixed, 'your changes are under review'", async () => {
    const details = {
      videoTitle: "城市夜景（修改）",
      introduction: "新的简介",
      tags: ["夜景", "城市"],
      allowDownload: false,
      watchLevel: WatchLevel.CHARGE,
      amount: 1500,
      freeTimeMs: 60_000,
    };
    const video = ownVideo(VideoStatus.published, {
      edit: { ...details, coverUrl: null, status: VideoStatus.awaitingReview, reason: null },
    });
    const { api } = fakePostingApi({ video });
    const app = await openEditor(api, "/editvideo?id=42");
    await waitFor(() => byText("编辑视频", "h1"));
    await waitFor(() => byText("你的修改正在审核中，审核通过前观众看到的仍是已发布的版本。"));
    expect(byText("状态：已发布")).toBeTruthy();
    expect(document.body.querySelector('[data-testid="video-file"]')).toBeNull();
    expect(
      byText(
        "已发布的视频不能更换视频文件，只能修改下面的信息；修改需要重新审核，审核通过前观众看到的仍是已发布的版本。",
      ),
    ).toBeTruthy();
    expect(field("标题（必填）").value).toBe("城市夜景（修改）");
    expect(field("价格（金币）").value).toBe("15.00");
    expect(select("试看时长").value).toBe("60000");
    await click(control("保存修改"));
    await waitFor(() => byText("修改已提交审核"));
    expect(api.substance.saveMyVideo).toHaveBeenCalledWith({ id: "42", ...details });
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/creationcenter");
    });
  });

  it("a refused edit says why, in red", async () => {
    const video = ownVideo(VideoStatus.published, {
      edit: {
        videoTitle: "违规标题",
        introduction: "",
        tags: [],
        allowDownload: false,
        watchLevel: WatchLevel.FREE,
        amount: 0,
        freeTimeMs: 0,
        coverUrl: null,
        status: VideoStatus.wordsRefused,
        reason: "标题含有不允许的词语",
      },
    });
    await openEditor(fakePostingApi({ video }).api, "/editvideo?id=42");
    await waitFor(() => byText("你的修改未通过审核，观众看到的仍是已发布的版本。"));
    expect(byText("标题含有不允许的词语").className).toBe("h5-posting-status__reason");
  });

  it("a video whose file failed needs a new file, and says why", async () => {
    const video = ownVideo(VideoStatus.technicalRefused, { reason: "视频太短" });
    const { api, lastUpload } = fakePostingApi({ video });
    await openEditor(api, "/editvideo?id=42");
    await waitFor(() => byText("这个视频的文件无法使用，请选择新的视频文件。"));
    expect(byText("视频太短")).toBeTruthy();
    await click(control("保存修改"));
    await waitFor(() => byText("请选择要上传的视频"));
    expect(api.substance.saveMyVideo).not.toHaveBeenCalled();
    await chooseVideo(videoFile());
    await waitFor(() => {
      expect(status()).toContain("上传中");
    });
    await lastUpload().finish();
    await click(control("保存修改"));
    await waitFor(() => {
      expect(api.substance.saveMyVideo).toHaveBeenCalledWith(
        expect.objectContaining({ id: "42", videoKey: "video/7/upload-1.mp4" }),
      );
    });
  });

  it("a video still uploading, opened where no draft has its file, goes on with the server's upload", async () => {
    const video = ownVideo(VideoStatus.uploading, { uploadKey: "video/7/begun-elsewhere.mp4" });
    const { api, lastUpload } = fakePostingApi({ video });
    // This device's draft holds an upload of another file: it is forgotten, not gone on with.
    updateDraft(ME, "42", (draft) => ({
      ...draft,
      upload: { key: "video/7/other.mp4", done: false, name: "other.mp4", size: 5, lastModified: 1 },
    }));
    await openEditor(api, "/editvideo?id=42");
    await waitFor(() => {
      expect(document.body.querySelector('[data-testid="video-file"]')).not.toBeNull();
    });
    await chooseVideo(videoFile());
    await waitFor(() => {
      expect(lastUpload().started).toHaveBeenCalled();
    });
    expect(lastUpload().options.key).toBe("video/7/begun-elsewhere.mp4");
    expect(readDraft(ME, "42")?.upload ?? null).toBeNull();
    // Another file (the server refuses its size): it starts afresh, with no key.
    await lastUpload().fail(
      new ApiError({ kind: "business", endpoint: "upload.resume", code: 400, msg: "another file" }),
    );
    await waitFor(() => {
      expect(api.resumableUpload).toHaveBeenCalledTimes(2);
    });
    expect(lastUpload().options.key).toBeNull();
    expect(status()).toContain("上传中");
  });

  it("a video still uploading, with no draft here, asks for the same file", async () => {
    const video = ownVideo(VideoStatus.uploading, { uploadKey: "video/7/begun-elsewhere.mp4" });
    await openEditor(fakePostingApi({ video }).api, "/editvideo?id=42");
    await waitFor(() => byText("这个视频的文件还没有传完：选择同一个文件即可继续上传。"));
  });

  it("a video in processing keeps its file and shows how far it is", async () => {
    const video = ownVideo(VideoStatus.processing, { progress: 64 });
    await openEditor(fakePostingApi({ video }).api, "/editvideo?id=42");
    await waitFor(() => byText("状态：处理中 64%"));
    expect(byText("视频文件已上传，不能更换。")).toBeTruthy();
  });

  it("says 'not found' for an unknown id, an id that is not one, and someone else's video", async () => {
    const first = await openEditor(fakePostingApi().api, "/editvideo?id=404");
    await waitFor(() => byText("找不到这个视频"));
    first.unmount();
    const second = await openEditor(fakePostingApi().api, "/editvideo?id=abc");
    await waitFor(() => byText("找不到这个视频"));
    second.unmount();
    const { owner: _owner, ...others } = ownVideo(VideoStatus.published);
    await openEditor(fakePostingApi({ video: others }).api, "/editvideo?id=42");
    await waitFor(() => byText("只能编辑自己发布的视频"));
  });

  it("retries a failed load", async () => {
    const { api } = fakePostingApi({ failConfigOnce: true });
    await openEditor(api);
    await waitFor(() => byText("重试", "button"));
    await click(control("重试"));
    await waitFor(() => field("标题（必填）"));
  });
});

describe("/editvideo in English", () => {
  it("labels its controls in English", async () => {
    const { api, lastUpload } = fakePostingApi();
    await openEditor(api, "/editvideo", Language.enUS);
    await waitFor(() => byText("Post a video", "h1"));
    // The heading shows while the settings load; the form follows them.
    await waitFor(() => field("Title (required)"));
    expect(field("Choose a video")).toBeTruthy();
    expect(control("Post")).toBeTruthy();
    await waitFor(() => byText("Storage: 300 MB of 20 GB used"));
    await chooseVideo(videoFile());
    await waitFor(() => control("Pause upload"));
    await lastUpload().offline();
    expect(
      document.body.querySelector('[role="group"][aria-label="Video upload"] [role="status"]')?.textContent,
    ).toBe("Waiting for the network: the upload goes on by itself when it is back…");
  });
});
