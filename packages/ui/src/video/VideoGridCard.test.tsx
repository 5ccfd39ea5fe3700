import { fireEvent, screen } from "@testing-library/react";
import { WatchLevel } from "@platform/domain";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { VideoGridCard } from "./VideoGridCard";
import { landscapeCover, verticalCover, video } from "./test/videos";

function cover(container: HTMLElement): HTMLImageElement | null {
  return container.querySelector("img");
}

describe("VideoGridCard", () => {
  it("opens by its title button, whose name is the title", async () => {
    const onOpen = vi.fn();
    const { user } = await renderUi(
      <VideoGridCard video={video({ id: "v9", videoTitle: "晚霞" })} onOpen={onOpen} />,
    );
    await user.click(screen.getByRole("button", { name: "晚霞" }));
    expect(onOpen).toHaveBeenCalledWith("v9");
  });

  it.each([
    [754_000, "12:34"],
    [59_999, "0:59"],
    [3_600_000, "1:00:00"],
    [2 * 3_600_000 + 5 * 60_000 + 9_000, "2:05:09"],
  ])("shows a length of %i ms as %s, and names it", async (videoLength, text) => {
    const { container } = await renderUi(<VideoGridCard video={video({ videoLength })} onOpen={vi.fn()} />);
    expect(container.querySelector(".pf-video-grid-card__duration [aria-hidden]")?.textContent).toBe(text);
    expect(screen.getByText(`时长 ${text}`)).toBeTruthy();
  });

  it("shows the play count compact in the active language", async () => {
    const first = await renderUi(<VideoGridCard video={video({ playCount: 12_000 })} onOpen={vi.fn()} />);
    expect(screen.getByText("1.2万次播放")).toBeTruthy();
    first.unmount();
    await renderUi(<VideoGridCard video={video({ playCount: 12_000 })} onOpen={vi.fn()} />, {
      language: Language.enUS,
    });
    expect(screen.getByText("12K plays")).toBeTruthy();
  });

  it("says one play in the singular in English", async () => {
    await renderUi(<VideoGridCard video={video({ playCount: 1 })} onOpen={vi.fn()} />, {
      language: Language.enUS,
    });
    expect(screen.getByText("1 play")).toBeTruthy();
  });

  it("prefers the vertical cover for a vertical video, the regular one otherwise", async () => {
    const vertical = await renderUi(
      <VideoGridCard video={video({ videoWidth: 1080, videoHeight: 1920 })} onOpen={vi.fn()} />,
    );
    expect(cover(vertical.container)?.getAttribute("src")).toBe(verticalCover);
    expect(vertical.container.querySelector(".pf-video-cover--vertical")).not.toBeNull();
    vertical.unmount();

    const landscape = await renderUi(<VideoGridCard video={video()} onOpen={vi.fn()} />);
    expect(cover(landscape.container)?.getAttribute("src")).toBe(landscapeCover);
    expect(landscape.container.querySelector(".pf-video-cover--vertical")).toBeNull();
    landscape.unmount();

    const noVerticalCover = await renderUi(
      <VideoGridCard
        video={video({ videoWidth: 720, videoHeight: 1280, verticalCoverUrl: null })}
        onOpen={vi.fn()}
      />,
    );
    expect(cover(noVerticalCover.container)?.getAttribute("src")).toBe(landscapeCover);
  });

  it("loads the cover lazily as a decorative image and keeps the placeholder when it fails", async () => {
    const { container } = await renderUi(<VideoGridCard video={video()} onOpen={vi.fn()} />);
    const img = cover(container);
    expect(img?.getAttribute("loading")).toBe("lazy");
    expect(img?.getAttribute("decoding")).toBe("async");
    expect(img?.getAttribute("alt")).toBe("");
    if (img) fireEvent.error(img);
    expect(cover(container)).toBeNull();
    expect(container.querySelector(".pf-video-cover__placeholder")).not.toBeNull();
  });

  it("shows the level badge and the author (createUserName when there is no nickName)", async () => {
    await renderUi(
      <VideoGridCard
        video={video({ watchLevel: WatchLevel.SVIP, nickName: "", createUserName: "editor_pro" })}
        onOpen={vi.fn()}
      />,
    );
    expect(screen.getByText("超级")).toBeTruthy();
    expect(screen.getByText("editor_pro")).toBeTruthy();
  });
});
