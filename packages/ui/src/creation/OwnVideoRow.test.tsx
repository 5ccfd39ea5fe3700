import { screen } from "@testing-library/react";
import { VideoStatus } from "@platform/domain";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { video } from "../video/test/videos";
import { OwnVideoRow } from "./OwnVideoRow";
import type { OwnVideoRowProps } from "./OwnVideoRow";

const unaudited = (type: number) => video({ type, auditTime: null, videoTitle: "我的视频" });

function props(overrides: Partial<OwnVideoRowProps>): OwnVideoRowProps {
  return { video: video(), onOpen: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), ...overrides };
}

const tip = () => document.querySelector(".pf-video-row__tip");

describe("OwnVideoRow", () => {
  it("shows the review-status tip and the reason in red for a failure", async () => {
    await renderUi(
      <OwnVideoRow {...props({ video: unaudited(VideoStatus.rejected), owner: { reason: "画面模糊" } })} />,
    );
    expect(tip()?.textContent).toBe("审核未通过");
    expect(tip()?.className).toContain("pf-video-row__tip--error");
    expect(screen.getByText("画面模糊").className).toBe("pf-own-video__reason");
  });

  it("shows processing progress for status 25", async () => {
    await renderUi(
      <OwnVideoRow {...props({ video: unaudited(VideoStatus.processing), owner: { progress: 64 } })} />,
    );
    expect(tip()?.textContent).toBe("审核中");
    expect(screen.getByText("处理中 64%")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "处理进度" }).getAttribute("aria-valuenow")).toBe("64");
  });

  it("says a published video's edit is under review, or why it was refused", async () => {
    const { unmount } = await renderUi(
      <OwnVideoRow {...props({ owner: { edit: { status: VideoStatus.awaitingReview } } })} />,
    );
    expect(tip()).toBeNull();
    expect(screen.getByText("修改审核中，通过前观众看到的是已发布的版本")).toBeTruthy();
    unmount();
    await renderUi(
      <OwnVideoRow
        {...props({ owner: { edit: { status: VideoStatus.wordsRefused, reason: "含有不允许的词语" } } })}
      />,
    );
    expect(screen.getByText("修改未通过审核：含有不允许的词语").className).toBe("pf-own-video__reason");
  });

  it("shows the upload going on in this tab, and edits or deletes through its buttons", async () => {
    const p = props({ video: unaudited(VideoStatus.uploading), upload: { phase: "uploading", percent: 42 } });
    const { user } = await renderUi(<OwnVideoRow {...p} />);
    expect(tip()?.textContent).toBe("上传中");
    expect(screen.getByText("上传中 42%")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "编辑《我的视频》" }));
    expect(p.onEdit).toHaveBeenCalledWith(p.video.id);
    await user.click(screen.getByRole("button", { name: "删除《我的视频》" }));
    expect(p.onDelete).toHaveBeenCalledWith(p.video.id);
  });

  it("has no notes for a published video without a pending edit", async () => {
    await renderUi(<OwnVideoRow {...props({ owner: { reason: null, progress: null, edit: null } })} />);
    expect(document.querySelector(".pf-own-video__notes")).toBeNull();
    expect(tip()).toBeNull();
  });

  it("speaks English", async () => {
    await renderUi(
      <OwnVideoRow
        {...props({ video: unaudited(VideoStatus.uploading), upload: { phase: "paused", percent: 7 } })}
      />,
      { language: Language.enUS },
    );
    expect(screen.getByText("Upload paused at 7%")).toBeTruthy();
  });
});
