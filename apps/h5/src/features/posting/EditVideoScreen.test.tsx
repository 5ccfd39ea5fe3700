import { ApiError } from "@platform/api-client";
import { VideoStatus, WatchLevel } from "@platform/domain";
import { describe, expect, it, onTestFinished } from "vitest";
import { byText, chooseFile, click, control, queryText, typeInto, waitFor } from "../../test/renderApp";
import { NEW_POST, readDraft } from "./draft";
import { ME, config, fakePostingApi, ownVideo, videoFile } from "./test/fakePostingApi";
import { stubObjectUrls } from "../../test/objectUrls";
import {
  freshEditorEachTest,
  field,
  textarea,
  select,
  chooseVideo,
  status,
  errors,
  openNewPost,
  openEditor,
} from "./test/editorPage";

freshEditorEachTest();

describe("/editvideo: a new post's form", () => {
  it("needs a title; the advice past 20 characters is a hint, not an error", async () => {
    const { api } = await openNewPost();
    expect(byText("发布视频", "h1")).toBeTruthy();
    await click(control("发布"));
    await waitFor(() => byText("请输入标题"));
    // The file, first in the form and missing too, has the focus; the title says what it lacks.
    expect(document.activeElement?.getAttribute("data-testid")).toBe("video-file");
    expect(field("标题（必填）").getAttribute("aria-invalid")).toBe("true");
    expect(api.substance.saveMyVideo).not.toHaveBeenCalled();

    await typeInto(field("标题（必填）"), "一个超过二十个字的标题，用来看看建议是不是只是提示");
    await waitFor(() => byText("标题建议不超过 20 个字"));
    expect(queryText("请输入标题")).toBeNull();
    expect(field("标题（必填）").getAttribute("aria-invalid")).toBeNull();
  });

  it("counts the introduction and refuses more than 800 characters", async () => {
    const { api } = await openNewPost();
    await typeInto(textarea("简介"), "好".repeat(800));
    expect(byText("800/800 字")).toBeTruthy();
    expect(queryText("简介最多 800 个字")).toBeNull();
    await typeInto(textarea("简介"), "好".repeat(801));
    await waitFor(() => byText("简介最多 800 个字"));
    expect(byText("801/800 字")).toBeTruthy();
    await typeInto(field("标题（必填）"), "标题");
    await click(control("发布"));
    expect(textarea("简介").getAttribute("aria-invalid")).toBe("true");
    expect(api.substance.saveMyVideo).not.toHaveBeenCalled();
  });

  it("asks a price in gold within the server's bounds, with two decimals, for a paid video", async () => {
    const { api } = await openNewPost();
    expect(queryText("价格（金币）")).toBeNull();
    expect(queryText("试看时长")).toBeNull();
    await click(byText("付费").closest("label") ?? document.body);
    await waitFor(() => byText("价格（金币）"));
    expect(byText("1.00 金币 至 999.00 金币，最多两位小数")).toBeTruthy();
    // The preview: choices within the server's bound, its default chosen.
    const preview = select("试看时长");
    expect(preview.value).toBe("15000");
    expect([...preview.options].map((o) => o.textContent)).toEqual([
      "5 秒",
      "10 秒",
      "15 秒",
      "30 秒",
      "1 分钟",
      "2 分钟",
      "3 分钟",
      "5 分钟",
    ]);
    await typeInto(field("标题（必填）"), "付费视频");
    await click(control("发布"));
    await waitFor(() => byText("请输入价格"));
    expect(field("价格（金币）").getAttribute("aria-invalid")).toBe("true");
    for (const [typed, said] of [
      ["0.99", "价格须在 1.00 金币 至 999.00 金币 之间"],
      ["1000", "价格须在 1.00 金币 至 999.00 金币 之间"],
      ["1.234", "价格最多两位小数，例如 12.50"],
      ["abc", "价格最多两位小数，例如 12.50"],
    ] as const) {
      await typeInto(field("价格（金币）"), typed);
      await waitFor(() => byText(said));
    }
    await typeInto(field("价格（金币）"), "12.5");
    // Only the missing file is left to say.
    await waitFor(() => {
      expect(errors()).toEqual(["请选择要上传的视频"]);
    });
    expect(api.substance.saveMyVideo).not.toHaveBeenCalled();
  });

  it("adds tags as chips (at most 10, each at most 16 characters) and removes them", async () => {
    await openNewPost();
    const box = field("添加标签");
    await typeInto(box, "夜景，");
    await typeInto(box, "城市，");
    expect(byText("#夜景")).toBeTruthy();
    expect(byText("2/10")).toBeTruthy();
    await typeInto(box, "一二三四五六七八九十一二三四五六七");
    await waitFor(() => byText("每个标签最多 16 个字"));
    await click(control("删除标签 夜景"));
    expect(queryText("#夜景")).toBeNull();
  });
});

describe("/editvideo: the upload", () => {
  it("refuses a file that is not a video of the server's types, or too large", async () => {
    const { api } = await openNewPost();
    await chooseVideo(videoFile("notes.txt", 10));
    await waitFor(() => byText("请选择视频文件（MP4 / MOV / WEBM / MKV）"));
    await chooseVideo(videoFile("big.mp4", config.videoMaxBytes + 1));
    await waitFor(() => byText("视频文件不能超过 10 MB"));
    expect(api.resumableUpload).not.toHaveBeenCalled();
  });

  it("shows the storage used of the person's limit, asks again after an upload, and refuses a file that would not fit", async () => {
    const MiB = 1024 * 1024;
    const { api, lastUpload } = await openNewPost({
      usage: { diskUsedBytes: 300 * MiB, diskLimitBytes: 305 * MiB },
    });
    const usage = () => document.body.querySelector('[data-testid="storage-usage"]')?.textContent;
    await waitFor(() => {
      expect(usage()).toBe("存储空间：已用 300 MB，共 305 MB");
    });
    await chooseVideo(videoFile("big.mp4", 6 * MiB));
    await waitFor(() =>
      byText("存储空间不足：已用 300 MB，共 305 MB，这个视频需要 6 MB。请删除不需要的视频后再试。"),
    );
    expect(api.resumableUpload).not.toHaveBeenCalled();
    await chooseVideo(videoFile("clip.mp4", 4 * MiB));
    await waitFor(() => {
      expect(status()).toContain("上传中");
    });
    const asked = api.upload.usage.mock.calls.length;
    await lastUpload().finish();
    await waitFor(() => {
      expect(api.upload.usage.mock.calls.length).toBeGreaterThan(asked);
    });
  });

  it("starts at once, shows its progress and state in words, pauses, resumes, waits for the network, fails, cancels", async () => {
    const { api, lastUpload } = await openNewPost();
    const file = videoFile("clip.mp4", 4 * 1024 * 1024);
    await chooseVideo(file);
    await waitFor(() => {
      expect(status()).toContain("上传中");
    });
    expect(api.resumableUpload.mock.calls[0]?.[0]).toMatchObject({
      name: "clip.mp4",
      type: "video/mp4",
      size: file.size,
    });
    expect(api.resumableUpload.mock.calls[0]?.[1]?.key).toBeNull();
    const upload = lastUpload();
    await upload.progress(2 * 1024 * 1024);
    const bar = document.body.querySelector('[role="progressbar"][aria-label="上传进度"]');
    expect(bar?.getAttribute("aria-valuenow")).toBe("50");
    expect(byText("2.0 MB / 4.0 MB")).toBeTruthy();
    // The key is in the draft at once, with the file's name, size and date.
    expect(readDraft(ME, NEW_POST)?.upload).toEqual({
      key: "video/7/upload-1.mp4",
      name: "clip.mp4",
      size: file.size,
      lastModified: file.lastModified,
      done: false,
    });

    await click(control("暂停上传"));
    expect(upload.paused).toHaveBeenCalledOnce();
    await waitFor(() => {
      expect(status()).toBe("已暂停");
    });
    await click(control("继续上传"));
    expect(upload.started).toHaveBeenCalledTimes(2);
    await waitFor(() => {
      expect(status()).toContain("上传中");
    });
    await upload.offline();
    expect(status()).toBe("网络已断开，等待网络恢复后自动继续…");
    await upload.fail(
      new ApiError({ kind: "business", endpoint: "upload.resume", code: 400, msg: "The upload expired" }),
    );
    await waitFor(() => {
      expect(status()).toBe("上传失败");
    });
    expect(byText("The upload expired")).toBeTruthy();
    expect(control("重新上传")).toBeTruthy();

    await click(control("取消上传"));
    expect(upload.cancelled).toHaveBeenCalledOnce();
    await waitFor(() => byText("已取消上传"));
    expect(document.body.querySelector('[role="progressbar"]')).toBeNull();
    expect(readDraft(ME, NEW_POST)?.upload ?? null).toBeNull();
  });

  it("saves while the file is still uploading, then goes to the creation centre; the draft is cleared", async () => {
    const { api, lastUpload, app } = await openNewPost();
    await typeInto(field("标题（必填）"), "  城市夜景  ");
    await typeInto(textarea("简介"), "用手机拍的");
    await chooseVideo(videoFile());
    await waitFor(() => {
      expect(status()).toContain("上传中");
    });
    await lastUpload().progress(1024);
    expect(readDraft(ME, NEW_POST)?.fields?.videoTitle).toBe("  城市夜景  ");
    await click(control("发布"));
    await waitFor(() => byText("已发布，审核通过后所有人可见"));
    expect(api.substance.saveMyVideo).toHaveBeenCalledWith({
      videoTitle: "城市夜景",
      introduction: "用手机拍的",
      tags: [],
      allowDownload: false,
      watchLevel: WatchLevel.FREE,
      amount: 0,
      freeTimeMs: 15_000,
      videoKey: "video/7/upload-1.mp4",
    });
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe("/creationcenter");
    });
    expect(app.router.state.location.search).toEqual({ id: ME });
    expect(readDraft(ME, NEW_POST)).toBeNull();
    // The upload goes on for the saved video (501), whose draft keeps only it until it is whole.
    expect(readDraft(ME, "501")).toEqual({
      fields: null,
      cover: null,
      upload: expect.objectContaining({ key: "video/7/upload-1.mp4", done: false }) as unknown,
    });
    expect(lastUpload().cancelled).not.toHaveBeenCalled();
    await lastUpload().finish();
    expect(readDraft(ME, "501")).toBeNull();
  });

  it("needs a video for a new post", async () => {
    const { api } = await openNewPost();
    await typeInto(field("标题（必填）"), "没有视频");
    await click(control("发布"));
    await waitFor(() => byText("请选择要上传的视频"));
    expect(api.substance.saveMyVideo).not.toHaveBeenCalled();
  });
});

describe("/editvideo: every problem at once", () => {
  it("shows all the errors of one submit, each beside its field, and focuses the first", async () => {
    const { api } = await openNewPost();
    await click(byText("付费").closest("label") ?? document.body);
    await waitFor(() => byText("价格（金币）"));
    await click(control("发布"));
    // No file, no title, no price: the three say so together.
    await waitFor(() => byText("请选择要上传的视频"));
    expect(byText("请输入标题")).toBeTruthy();
    expect(byText("请输入价格")).toBeTruthy();
    expect(field("标题（必填）").getAttribute("aria-invalid")).toBe("true");
    expect(field("价格（金币）").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement?.getAttribute("data-testid")).toBe("video-file");
    expect(api.substance.saveMyVideo).not.toHaveBeenCalled();
  });
});

describe("/editvideo: the preview is shorter than the video", () => {
  it("offers a 10-second clip only the lengths below 10 seconds", async () => {
    const video = ownVideo(VideoStatus.awaitingReview, { freeTimeMs: 15_000 }, { videoLength: 10_000 });
    const fake = fakePostingApi({ video });
    await openEditor(fake.api, `/editvideo?id=${video.id}`);
    await waitFor(() => select("试看时长"));
    const preview = select("试看时长");
    expect([...preview.options].map((o) => o.textContent)).toEqual(["5 秒"]);
    expect(preview.value).toBe("5000");
  });
});

describe("/editvideo: the cover", () => {
  it("takes a picture from the album (images only), previews and sends it, and saves its key", async () => {
    const created: string[] = [];
    onTestFinished(
      stubObjectUrls(() => {
        created.push(`blob:cover-${String(created.length + 1)}`);
        return created.at(-1) ?? "";
      }),
    );
    const { api, lastUpload } = await openNewPost();
    const pick = (file: File) => chooseFile("cover-album", file);
    await pick(new File(["x"], "notes.txt", { type: "text/plain" }));
    await waitFor(() => byText("请选择图片文件"));
    expect(api.uploadFile).not.toHaveBeenCalled();
    await pick(new File([new Uint8Array(2 * 1024 * 1024)], "big.png", { type: "image/png" }));
    await waitFor(() => byText("封面图片不能超过 1 MB"));

    await pick(new File([new Uint8Array([137, 80, 78, 71])], "cover.png", { type: "image/png" }));
    await waitFor(() => {
      expect(document.body.querySelector('img[alt="封面预览"]')?.getAttribute("src")).toBe("blob:cover-1");
    });
    expect(api.uploadFile.mock.calls[0]?.[1]).toMatchObject({ uploadFileType: "PICTURE" });
    await waitFor(() => {
      expect(readDraft(ME, NEW_POST)?.cover).toEqual({
        key: "picture/7/cover.png",
        name: "cover.png",
        bucket: "PUBLIC",
      });
    });
    await typeInto(field("标题（必填）"), "有封面");
    await chooseVideo(videoFile());
    await waitFor(() => {
      expect(lastUpload().key).not.toBeNull();
    });
    await click(control("发布"));
    await waitFor(() => {
      expect(api.substance.saveMyVideo).toHaveBeenCalledWith(
        expect.objectContaining({ coverKey: "picture/7/cover.png", videoKey: "video/7/upload-1.mp4" }),
      );
    });
  });
});
