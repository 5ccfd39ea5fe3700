import { ApiError } from "@platform/api-client";
import { Language, VideoStatus, WatchLevel } from "@platform/domain";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { validateIdSearch } from "../../app/route-search";
import {
  byText,
  chooseFile,
  click,
  control,
  queryText,
  renderApp,
  typeInto,
  waitFor,
} from "../../test/renderApp";
import { NEW_POST, readDraft, updateDraft } from "./draft";
import { EditVideoScreen } from "./screens";
import { ME, config, fakePostingApi, ownVideo, videoFile } from "./test/fakePostingApi";
import { stubObjectUrls } from "../../test/objectUrls";
import { resetUploads } from "./uploads";

beforeEach(() => {
  localStorage.clear();
});
// Before the screens are unmounted (hooks run in reverse): the store tells them, inside act.
afterEach(() => {
  act(() => {
    resetUploads();
  });
});

function openEditor(api: unknown, path = "/editvideo", language: Language = Language.zhCN) {
  return renderApp({
    api,
    path,
    language,
    pages: { "/editvideo": { component: EditVideoScreen, validateSearch: validateIdSearch } },
  });
}

/** The form control a visible label names. */
function labelled(label: string): HTMLElement {
  const element = byText(label, "label");
  const id = element.getAttribute("for");
  const target = id === null ? null : document.getElementById(id);
  if (target === null) throw new Error(`no control for "${label}"`);
  return target;
}

function field(label: string): HTMLInputElement {
  const target = labelled(label);
  if (!(target instanceof HTMLInputElement)) throw new Error(`"${label}" is not an input`);
  return target;
}

function textarea(label: string): HTMLTextAreaElement {
  const target = labelled(label);
  if (!(target instanceof HTMLTextAreaElement)) throw new Error(`"${label}" is not a textarea`);
  return target;
}

function select(label: string): HTMLSelectElement {
  const target = labelled(label);
  if (!(target instanceof HTMLSelectElement)) throw new Error(`"${label}" is not a select`);
  return target;
}

const chooseVideo = (file: File) => chooseFile("video-file", file);

/** '放弃', then '放弃' again in the dialog that asks first. */
async function discardAfterAsking() {
  await click(control("放弃"));
  await waitFor(() => byText("放弃发布？"));
  const dialog = document.body.querySelector<HTMLElement>('[role="alertdialog"]');
  await click(control("放弃", dialog ?? document.body));
}

const status = () =>
  document.body.querySelector('[role="group"][aria-label="视频上传"] [role="status"]')?.textContent ?? "";
const errors = () => [...document.body.querySelectorAll('[role="alert"]')].map((e) => e.textContent);

async function openNewPost(options: Parameters<typeof fakePostingApi>[0] = {}) {
  const fake = fakePostingApi(options);
  const app = await openEditor(fake.api);
  await waitFor(() => field("标题（必填）"));
  return { ...fake, app };
}

describe("/editvideo: a new post's form", () => {
  it("needs a title; the advice past 20 characters is a hint, not an error", async () => {
    const { api } = await openNewPost();
    expect(byText("发布视频", "h1")).toBeTruthy();
    await click(control("发布"));
    await waitFor(() => byText("请输入标题"));
    expect(document.activeElement).toBe(field("标题（必填）"));
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
    expect(document.activeElement).toBe(textarea("简介"));
    expect(api.substance.saveMyVideo).not.toHaveBeenCalled();
  });

  it("asks a price in yuan within the server's bounds, with two decimals, for a paid video", async () => {
    const { api } = await openNewPost();
    expect(queryText("价格（元）")).toBeNull();
    expect(queryText("试看时长")).toBeNull();
    await click(byText("付费").closest("label") ?? document.body);
    await waitFor(() => byText("价格（元）"));
    expect(byText("1.00 至 999.00 元，最多两位小数")).toBeTruthy();
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
    expect(document.activeElement).toBe(field("价格（元）"));
    for (const [typed, said] of [
      ["0.99", "价格须在 1.00 至 999.00 元之间"],
      ["1000", "价格须在 1.00 至 999.00 元之间"],
      ["1.234", "价格最多两位小数，例如 12.50"],
      ["abc", "价格最多两位小数，例如 12.50"],
    ] as const) {
      await typeInto(field("价格（元）"), typed);
      await waitFor(() => byText(said));
    }
    await typeInto(field("价格（元）"), "12.5");
    await waitFor(() => {
      expect(errors()).toEqual([]);
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
    expect(field("价格（元）").value).toBe("15.00");
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
