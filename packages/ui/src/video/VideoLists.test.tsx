import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { SearchRowList, VideoGrid, VideoRowList } from "./VideoLists";
import { samplePage } from "./test/videos";

describe("video lists", () => {
  it("the grid lists every video as one item, with the row height from the domain", async () => {
    const onOpen = vi.fn();
    const { user } = await renderUi(<VideoGrid videos={samplePage} onOpen={onOpen} label="推荐" />);
    const list = screen.getByRole("list", { name: "推荐" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(samplePage.length);
    expect(list.style.getPropertyValue("--pf-video-row-height")).toBe("172px");
    await user.click(within(list).getByRole("button", { name: "竖屏街舞挑战" }));
    expect(onOpen).toHaveBeenCalledWith("v-1002");
    expect(screen.queryByRole("status", { name: "加载中…" })).toBeNull();
  });

  it("a first load shows only skeletons, announced once as loading", async () => {
    const { container } = await renderUi(<VideoGrid videos={[]} onOpen={vi.fn()} loading />, {
      language: Language.enUS,
    });
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getAllByRole("status").filter((s) => s.getAttribute("aria-busy") === "true")).toHaveLength(
      1,
    );
    expect(container.querySelectorAll(".pf-video-skeleton--grid")).toHaveLength(6);
  });

  it("loading more keeps the videos and adds skeletons after them", async () => {
    const { container } = await renderUi(
      <VideoRowList videos={samplePage} onOpen={vi.fn()} loading skeletonCount={3} />,
    );
    expect(screen.getAllByRole("listitem")).toHaveLength(samplePage.length);
    expect(container.querySelectorAll(".pf-video-skeleton--row")).toHaveLength(3);
  });

  it("row lists tick the selected ids and pass the row options on", async () => {
    const onSelectChange = vi.fn();
    const { user } = await renderUi(
      <VideoRowList
        videos={samplePage.slice(0, 3)}
        onOpen={vi.fn()}
        selectable
        selectedIds={new Set(["v-1002"])}
        onSelectChange={onSelectChange}
      />,
    );
    const boxes = screen.getAllByRole<HTMLInputElement>("checkbox");
    expect(boxes.map((b) => b.checked)).toEqual([false, true, false]);
    await user.click(boxes[0]!);
    expect(onSelectChange).toHaveBeenCalledWith("v-1001", true);
  });

  it("search lists mark the keyword in each title", async () => {
    const { container } = await renderUi(
      <SearchRowList videos={samplePage} onOpen={vi.fn()} highlight="日落" />,
    );
    expect([...container.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["日落"]);
    expect(
      container.querySelector<HTMLElement>(".pf-search-row")?.style.getPropertyValue("--pf-video-row-height"),
    ).toBe("76px");
  });
});
