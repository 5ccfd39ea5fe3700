import { VideoStatus, WatchLevel } from "@platform/domain";
import { beforeEach, describe, expect, it } from "vitest";
import { readDraft, updateDraft } from "./draft";
import {
  checkForm,
  emptyForm,
  fileRuleOf,
  formOfVideo,
  previewChoices,
  previewWithin,
  priceOf,
  sizeText,
} from "./form";
import { config, ownVideo } from "./test/fakePostingApi";
import { videoTypeOf } from "./uploads";

describe("the video editor's rules", () => {
  it("reads a price in yuan as hundredths within the server's bounds", () => {
    expect(priceOf("12.5", config)).toBe(1250);
    expect(priceOf("1.29", config)).toBe(129);
    expect(priceOf("", config)).toEqual({ kind: "required" });
    expect(priceOf("1.234", config)).toEqual({ kind: "format" });
    expect(priceOf("0.5", config)).toEqual({ kind: "range", min: "1.00", max: "999.00" });
    expect(priceOf("999.00", config)).toBe(99_900);
  });

  it("checks the title, the introduction, the tags and, for a paid video, the price", () => {
    const form = emptyForm(config);
    expect(Object.keys(checkForm(form, config))).toEqual(["videoTitle"]);
    const paid = {
      ...form,
      videoTitle: "标题",
      watchLevel: WatchLevel.CHARGE,
      introduction: "字".repeat(801),
    };
    expect(Object.keys(checkForm(paid, config))).toEqual(["introduction", "price"]);
    expect(
      checkForm({ ...form, videoTitle: "t", tags: ["一二三四五六七八九十一二三四五六七"] }, config).tags,
    ).toEqual({
      kind: "length",
      max: 16,
    });
    expect(
      checkForm({ ...form, videoTitle: "t", tags: Array.from({ length: 11 }, String) }, config).tags,
    ).toEqual({
      kind: "count",
      max: 10,
    });
  });

  it("offers preview lengths within the server's bound, with its default and the current one", () => {
    expect(previewChoices({ ...config, previewMaxMs: 20_000 }, 12_000)).toEqual([
      5000, 10_000, 12_000, 15_000, 20_000,
    ]);
    expect(previewChoices(config, 900_000)).not.toContain(900_000);
  });

  it("offers only previews shorter than the video, and keeps one that fits", () => {
    // A 10-second clip: 5 seconds, not the 5 minutes of the server's bound.
    expect(previewChoices(config, 15_000, 10_000)).toEqual([5000]);
    expect(previewChoices(config, 15_000, 61_000)).toEqual([5000, 10_000, 15_000, 30_000, 60_000]);
    // Shorter than every step: half of it.
    expect(previewChoices(config, 15_000, 3000)).toEqual([1000]);
    expect(previewWithin(config, 15_000, 10_000)).toBe(5000);
    expect(previewWithin(config, 15_000, 61_000)).toBe(15_000);
    expect(previewWithin(config, 15_000, null)).toBe(15_000);
  });

  it("says what a video's status allows of its file", () => {
    expect(fileRuleOf(null)).toBe("new");
    expect(fileRuleOf(VideoStatus.uploadFailed)).toBe("replace");
    expect(fileRuleOf(VideoStatus.technicalRefused)).toBe("replace");
    expect(fileRuleOf(VideoStatus.uploading)).toBe("resume");
    expect(fileRuleOf(VideoStatus.awaitingReview)).toBe("fixed");
    expect(fileRuleOf(VideoStatus.published)).toBe("published");
  });

  it("fills the form from a video, its pending edit first", () => {
    expect(formOfVideo(ownVideo(VideoStatus.rejected), config)).toMatchObject({
      videoTitle: "城市夜景",
      price: "12.50",
      freeTimeMs: 30_000,
    });
  });

  it("names a file's type by its extension when the device gave none, and sizes in MB or GB", () => {
    expect(videoTypeOf({ name: "clip.MKV", type: "" })).toBe("video/x-matroska");
    expect(videoTypeOf({ name: "clip", type: "" })).toBe("");
    expect(sizeText(2 * 1024 ** 3)).toBe("2 GB");
    expect(sizeText(500 * 1024 ** 2)).toBe("500 MB");
  });
});

describe("the draft", () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it("ignores what it did not write, and removes a draft with nothing in it", () => {
    localStorage.setItem("editvideo-draft:7:new", "{not json");
    expect(readDraft("7", "new")).toBeNull();
    localStorage.setItem(
      "editvideo-draft:7:new",
      JSON.stringify({ fields: { videoTitle: 3 }, upload: { key: "" } }),
    );
    expect(readDraft("7", "new")).toBeNull();
    updateDraft("7", "new", (draft) => ({ ...draft, cover: { key: "picture/7/a.png", name: "a.png" } }));
    expect(readDraft("7", "new")?.cover?.key).toBe("picture/7/a.png");
    updateDraft("7", "new", (draft) => ({ ...draft, cover: null }));
    expect(localStorage.getItem("editvideo-draft:7:new")).toBeNull();
    // Each person's drafts are their own.
    updateDraft("8", "new", (draft) => ({ ...draft, cover: { key: "k", name: "n" } }));
    expect(readDraft("7", "new")).toBeNull();
  });
});
