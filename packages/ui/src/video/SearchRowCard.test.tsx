import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../test/render";
import { SearchRowCard } from "./SearchRowCard";
import { video } from "./test/videos";

describe("SearchRowCard", () => {
  it("marks every occurrence of the keyword, ignoring case, and keeps the title whole as the name", async () => {
    const onOpen = vi.fn();
    const { container, user } = await renderUi(
      <SearchRowCard
        video={video({ id: "s1", videoTitle: "Jog, jog, JOG!" })}
        highlight=" jog "
        onOpen={onOpen}
      />,
    );
    const marks = [...container.querySelectorAll("mark")].map((m) => m.textContent);
    expect(marks).toEqual(["Jog", "jog", "JOG"]);
    await user.click(screen.getByRole("button", { name: "Jog, jog, JOG!" }));
    expect(onOpen).toHaveBeenCalledWith("s1");
  });

  it("marks nothing without a keyword or when it does not occur", async () => {
    const first = await renderUi(<SearchRowCard video={video()} onOpen={vi.fn()} />);
    expect(first.container.querySelector("mark")).toBeNull();
    first.unmount();
    const second = await renderUi(<SearchRowCard video={video()} highlight="不存在" onOpen={vi.fn()} />);
    expect(second.container.querySelector("mark")).toBeNull();
    expect(screen.getByRole("button", { name: "海边日落延时摄影" })).toBeTruthy();
  });

  it("shows the author and the play count", async () => {
    await renderUi(<SearchRowCard video={video({ playCount: 4_200 })} onOpen={vi.fn()} />);
    expect(screen.getByText("旅行的猫")).toBeTruthy();
    expect(screen.getByText("4200次播放")).toBeTruthy();
  });
});
