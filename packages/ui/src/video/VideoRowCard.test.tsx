import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { SWIPE_DELETE_WIDTH, VideoRowCard } from "./VideoRowCard";
import { video } from "./test/videos";

const unaudited = (type: number) => video({ type, auditTime: null });

function tipOf(container: HTMLElement): HTMLElement | null {
  return container.querySelector(".pf-video-row__tip");
}

/** A touch drag on the row's content from x=300 by dx (and dy). */
function drag(content: Element, dx: number, dy = 0) {
  const at = { pointerId: 7, pointerType: "touch", clientX: 300, clientY: 40 };
  fireEvent.pointerDown(content, at);
  fireEvent.pointerMove(content, { ...at, clientX: 300 + dx / 2, clientY: 40 + dy / 2 });
  fireEvent.pointerMove(content, { ...at, clientX: 300 + dx, clientY: 40 + dy });
  fireEvent.pointerUp(content, { ...at, clientX: 300 + dx, clientY: 40 + dy });
}

describe("VideoRowCard review-status tip", () => {
  it.each([
    [15, "上传中", "info"],
    [10, "上传失败", "error"],
    [20, "审核中", "info"],
    [77, "审核中", "info"],
    [60, "审核未通过", "error"],
    [86, "审核未通过", "error"],
  ])("code %i without an audit time shows %s with severity %s", async (type, text, severity) => {
    const { container } = await renderUi(<VideoRowCard video={unaudited(type)} onOpen={vi.fn()} />);
    const tip = tipOf(container);
    expect(tip?.textContent).toBe(text);
    expect(tip?.classList.contains(`pf-video-row__tip--${severity}`)).toBe(true);
    expect(
      tip?.classList.contains(severity === "error" ? "pf-video-row__tip--info" : "pf-video-row__tip--error"),
    ).toBe(false);
  });

  it("speaks English under en-US", async () => {
    const { container } = await renderUi(<VideoRowCard video={unaudited(10)} onOpen={vi.fn()} />, {
      language: Language.enUS,
    });
    expect(tipOf(container)?.textContent).toBe("Upload failed");
  });

  it("shows no tip for a published video, an unlisted code, or any video with an audit time", async () => {
    for (const v of [
      unaudited(99),
      unaudited(12),
      video({ type: 60, auditTime: "2024-05-01 12:30:00" }),
      video({ type: null, auditTime: null }),
    ]) {
      const { container, unmount } = await renderUi(<VideoRowCard video={v} onOpen={vi.fn()} />);
      expect(tipOf(container)).toBeNull();
      unmount();
    }
  });
});

describe("VideoRowCard details", () => {
  it("shows the audit time only when asked, formatted in the language", async () => {
    const v = video({ auditTime: "2024-05-01 12:30:00" });
    const hidden = await renderUi(<VideoRowCard video={v} onOpen={vi.fn()} />);
    expect(hidden.container.querySelector(".pf-video-row__audit")).toBeNull();
    hidden.unmount();
    const zh = await renderUi(<VideoRowCard video={v} onOpen={vi.fn()} showAuditTime />);
    expect(zh.container.querySelector(".pf-video-row__audit")?.textContent).toBe("审核时间 2024/05/01 12:30");
    zh.unmount();
    const en = await renderUi(<VideoRowCard video={v} onOpen={vi.fn()} showAuditTime />, {
      language: Language.enUS,
    });
    expect(en.container.querySelector(".pf-video-row__audit")?.textContent).toBe(
      "Approved 05/01/2024, 12:30",
    );
  });

  it("shows the watched position and a bar, or 'watched to the end'", async () => {
    const part = await renderUi(
      <VideoRowCard
        video={video({ seenMs: 723_000, videoLength: 1_446_000 })}
        onOpen={vi.fn()}
        showWatched
      />,
    );
    expect(screen.getByText("已看到 12:03")).toBeTruthy();
    expect(part.container.querySelector<HTMLElement>(".pf-video-row__progress > span")?.style.width).toBe(
      "50%",
    );
    part.unmount();

    const en = await renderUi(
      <VideoRowCard
        video={video({ seenMs: 3_723_000, videoLength: 7_200_000 })}
        onOpen={vi.fn()}
        showWatched
      />,
      {
        language: Language.enUS,
      },
    );
    expect(screen.getByText("Watched to 1:02:03")).toBeTruthy();
    en.unmount();

    await renderUi(
      <VideoRowCard video={video({ seenMs: 754_000, videoLength: 754_000 })} onOpen={vi.fn()} showWatched />,
    );
    expect(screen.getByText("已看完")).toBeTruthy();
  });

  it("shows nothing watched without showWatched or without a position", async () => {
    const { container, unmount } = await renderUi(
      <VideoRowCard video={video({ seenMs: 60_000 })} onOpen={vi.fn()} />,
    );
    expect(container.querySelector(".pf-video-row__watched, .pf-video-row__progress")).toBeNull();
    unmount();
    const none = await renderUi(
      <VideoRowCard video={video({ seenMs: null })} onOpen={vi.fn()} showWatched />,
    );
    expect(none.container.querySelector(".pf-video-row__watched")).toBeNull();
  });

  it("shows h:mm:ss for long videos and the compact play count", async () => {
    await renderUi(
      <VideoRowCard video={video({ videoLength: 36_123_000, playCount: 1_234_567 })} onOpen={vi.fn()} />,
      {
        language: Language.enUS,
      },
    );
    expect(screen.getByText("Duration 10:02:03")).toBeTruthy();
    expect(screen.getByText("1.2M plays")).toBeTruthy();
  });
});

describe("VideoRowCard actions", () => {
  it("opens, edits and deletes with the video's id; delete asks nothing itself", async () => {
    const onOpen = vi.fn();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { user } = await renderUi(
      <VideoRowCard
        video={video({ id: "r1", videoTitle: "晚霞" })}
        onOpen={onOpen}
        onEdit={onEdit}
        onDelete={onDelete}
      />,
    );
    await user.click(screen.getByRole("button", { name: "编辑《晚霞》" }));
    await user.click(screen.getByRole("button", { name: "删除《晚霞》" }));
    await user.click(screen.getByRole("button", { name: "晚霞" }));
    expect(onEdit).toHaveBeenCalledWith("r1");
    expect(onDelete).toHaveBeenCalledWith("r1");
    expect(onOpen).toHaveBeenCalledWith("r1");
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("names its buttons in English under en-US and has none it was not given", async () => {
    await renderUi(<VideoRowCard video={video({ videoTitle: "Dusk" })} onOpen={vi.fn()} onEdit={vi.fn()} />, {
      language: Language.enUS,
    });
    expect(screen.getByRole("button", { name: "Edit “Dusk”" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete “Dusk”" })).toBeNull();
  });

  it("has a real checkbox in selectable mode; the checkbox or a tap on the card toggles it", async () => {
    const onSelectChange = vi.fn();
    const onOpen = vi.fn();
    const { user, unmount } = await renderUi(
      <VideoRowCard
        video={video({ id: "r2", videoTitle: "晚霞" })}
        onOpen={onOpen}
        selectable
        selected={false}
        onSelectChange={onSelectChange}
      />,
    );
    const box = screen.getByRole("checkbox", { name: "选择《晚霞》" });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    expect(onSelectChange).toHaveBeenLastCalledWith("r2", true);
    await user.click(screen.getByText("晚霞"));
    expect(onSelectChange).toHaveBeenCalledTimes(2);
    expect(onOpen).not.toHaveBeenCalled();
    // Keyboard: Space on the focused checkbox.
    box.focus();
    await user.keyboard(" ");
    expect(onSelectChange).toHaveBeenCalledTimes(3);

    unmount();
    await renderUi(
      <VideoRowCard
        video={video({ id: "r2", videoTitle: "晚霞" })}
        onOpen={onOpen}
        selectable
        selected
        onSelectChange={onSelectChange}
      />,
    );
    expect(screen.getByRole<HTMLInputElement>("checkbox").checked).toBe(true);
    await user.click(screen.getByRole("checkbox"));
    expect(onSelectChange).toHaveBeenLastCalledWith("r2", false);
  });

  it("ticks the checkbox from the video's isSelected when no selected prop is given", async () => {
    await renderUi(<VideoRowCard video={video({ isSelected: true })} onOpen={vi.fn()} selectable />);
    expect(screen.getByRole<HTMLInputElement>("checkbox").checked).toBe(true);
  });
});

describe("VideoRowCard swipe to delete", () => {
  async function renderSwipe() {
    const onDelete = vi.fn();
    const onOpen = vi.fn();
    const rendered = await renderUi(
      <>
        <VideoRowCard
          video={video({ id: "w1", videoTitle: "晚霞" })}
          onOpen={onOpen}
          onDelete={onDelete}
          swipeToDelete
        />
        <button type="button">outside</button>
      </>,
    );
    const row = rendered.container.querySelector<HTMLElement>(".pf-video-row");
    const content = rendered.container.querySelector<HTMLElement>(".pf-video-row__content");
    if (!row || !content) throw new Error("no row");
    return { ...rendered, row, content, onDelete, onOpen };
  }

  it("a left swipe past half the button reveals delete, which deletes", async () => {
    const { row, content, onDelete, onOpen, user } = await renderSwipe();
    expect(row.classList.contains("pf-video-row--revealed")).toBe(false);
    drag(content, -70);
    expect(row.classList.contains("pf-video-row--revealed")).toBe(true);
    expect(content.style.transform).toBe(`translateX(-${String(SWIPE_DELETE_WIDTH)}px)`);
    // The click that ends the drag does not open the video.
    fireEvent.click(content);
    expect(onOpen).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "删除《晚霞》" }));
    expect(onDelete).toHaveBeenCalledWith("w1");
  });

  it("follows the finger while dragging and never past the button's width", async () => {
    const { content } = await renderSwipe();
    const at = { pointerId: 3, pointerType: "touch", clientX: 300, clientY: 40 };
    fireEvent.pointerDown(content, at);
    fireEvent.pointerMove(content, { ...at, clientX: 270 });
    expect(content.style.transform).toBe("translateX(-30px)");
    fireEvent.pointerMove(content, { ...at, clientX: 100 });
    expect(content.style.transform).toBe(`translateX(-${String(SWIPE_DELETE_WIDTH)}px)`);
    fireEvent.pointerUp(content, { ...at, clientX: 100 });
  });

  it("snaps back after a short swipe, and ignores vertical scrolling and right swipes", async () => {
    const { row, content, onOpen, user } = await renderSwipe();
    drag(content, -30);
    expect(row.classList.contains("pf-video-row--revealed")).toBe(false);
    drag(content, -60, 120);
    expect(row.classList.contains("pf-video-row--revealed")).toBe(false);
    drag(content, 80);
    expect(row.classList.contains("pf-video-row--revealed")).toBe(false);
    expect(content.style.transform).toBe("");
    // A plain tap still opens.
    await user.click(screen.getByRole("button", { name: "晚霞" }));
    expect(onOpen).toHaveBeenCalledWith("w1");
  });

  it("closes on a tap on the row (without opening), a swipe right, or a tap outside", async () => {
    const { row, content, onOpen, user } = await renderSwipe();
    drag(content, -80);
    await user.click(screen.getByRole("button", { name: "晚霞" }));
    expect(row.classList.contains("pf-video-row--revealed")).toBe(false);
    expect(onOpen).not.toHaveBeenCalled();

    drag(content, -80);
    drag(content, 80);
    expect(row.classList.contains("pf-video-row--revealed")).toBe(false);

    drag(content, -80);
    await user.click(screen.getByRole("button", { name: "outside" }));
    expect(row.classList.contains("pf-video-row--revealed")).toBe(false);
  });

  it("is reachable by keyboard: Tab to delete reveals it, Enter deletes, Escape closes", async () => {
    const { row, onDelete, user } = await renderSwipe();
    await user.tab(); // the title
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "晚霞" }));
    expect(row.classList.contains("pf-video-row--revealed")).toBe(false);
    await user.tab(); // the swipe's delete button
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "删除《晚霞》" }));
    expect(row.classList.contains("pf-video-row--revealed")).toBe(true);
    await user.keyboard("{Enter}");
    expect(onDelete).toHaveBeenCalledWith("w1");
    await user.keyboard("{Escape}");
    expect(row.classList.contains("pf-video-row--revealed")).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "晚霞" }));
    // Focus leaving the row closes it too.
    await user.tab();
    expect(row.classList.contains("pf-video-row--revealed")).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "outside" }));
    expect(row.classList.contains("pf-video-row--revealed")).toBe(false);
  });

  it("needs onDelete: without it there is no swipe and no delete button", async () => {
    const { container } = await renderUi(<VideoRowCard video={video()} onOpen={vi.fn()} swipeToDelete />);
    expect(container.querySelector(".pf-video-row--swipe")).toBeNull();
    expect(screen.queryByRole("button", { name: /删除/ })).toBeNull();
  });
});
