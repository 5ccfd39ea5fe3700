import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { ProfileTopBar } from "./ProfileTopBar";
import type { ProfileTopBarProps } from "./ProfileTopBar";

function props(overrides: Partial<ProfileTopBarProps> = {}): ProfileTopBarProps {
  return {
    isOwner: false,
    onBack: vi.fn(),
    onSearch: vi.fn(),
    onReport: vi.fn(),
    backgroundUrl: "bg.png",
    onViewBackground: vi.fn(),
    onPickBackground: vi.fn(),
    onInvalidFile: vi.fn(),
    ...overrides,
  };
}

function choose(input: HTMLElement, file: File) {
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  fireEvent.change(input);
}

describe("ProfileTopBar", () => {
  it("goes back and to search", async () => {
    const p = props();
    const { user } = await renderUi(<ProfileTopBar {...p} />);
    await user.click(screen.getByRole("button", { name: "返回" }));
    await user.click(screen.getByRole("button", { name: "搜索" }));
    expect(p.onBack).toHaveBeenCalledTimes(1);
    expect(p.onSearch).toHaveBeenCalledTimes(1);
  });

  it("offers others' profiles a three-dots menu with Report only", async () => {
    const p = props();
    const { user } = await renderUi(<ProfileTopBar {...p} />);
    expect(screen.queryByRole("button", { name: "更换背景" })).toBeNull();
    expect(screen.queryByTestId("background-album")).toBeNull();
    await user.click(screen.getByRole("button", { name: "更多操作" }));
    const sheet = screen.getByRole("dialog", { name: "更多操作" });
    const choices = within(sheet)
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(choices).toEqual(["举报", "取消"]);
    await user.click(within(sheet).getByRole("button", { name: "举报" }));
    expect(p.onReport).toHaveBeenCalledTimes(1);
  });

  it("offers the owner 'change background': view image, photograph, album — and no Report", async () => {
    const p = props({ isOwner: true });
    const { user } = await renderUi(<ProfileTopBar {...p} />);
    expect(screen.queryByRole("button", { name: "更多操作" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "更换背景" }));
    const sheet = screen.getByRole("dialog", { name: "更换背景" });
    const choices = within(sheet)
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(choices).toEqual(["查看图片", "拍照", "从相册选择", "取消"]);
    await user.click(within(sheet).getByRole("button", { name: "查看图片" }));
    expect(p.onViewBackground).toHaveBeenCalledTimes(1);
    expect(p.onReport).not.toHaveBeenCalled();
  });

  it("without a background the owner is not offered 'view image'", async () => {
    const { user } = await renderUi(<ProfileTopBar {...props({ isOwner: true, backgroundUrl: null })} />);
    await user.click(screen.getByRole("button", { name: "更换背景" }));
    expect(screen.queryByRole("button", { name: "查看图片" })).toBeNull();
    expect(screen.getByRole("button", { name: "拍照" })).toBeTruthy();
  });

  it("photograph opens the rear camera picker and album opens the image picker", async () => {
    const { user } = await renderUi(<ProfileTopBar {...props({ isOwner: true })} />);
    const camera = screen.getByTestId("background-camera");
    const album = screen.getByTestId("background-album");
    expect(camera.getAttribute("accept")).toBe("image/*");
    expect(camera.getAttribute("capture")).toBe("environment");
    expect(album.getAttribute("accept")).toBe("image/*");
    expect(album.hasAttribute("capture")).toBe(false);
    const cameraClick = vi.spyOn(camera, "click").mockImplementation(() => undefined);
    const albumClick = vi.spyOn(album, "click").mockImplementation(() => undefined);
    await user.click(screen.getByRole("button", { name: "更换背景" }));
    await user.click(screen.getByRole("button", { name: "拍照" }));
    expect(cameraClick).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "更换背景" }));
    await user.click(await screen.findByRole("button", { name: "从相册选择" }));
    expect(albumClick).toHaveBeenCalledTimes(1);
  });

  it("passes an image on and refuses anything else with an error toast", async () => {
    const p = props({ isOwner: true });
    await renderUi(<ProfileTopBar {...p} />);
    const photo = new File(["x"], "me.jpg", { type: "image/jpeg" });
    choose(screen.getByTestId("background-album"), photo);
    expect(p.onPickBackground).toHaveBeenCalledWith(photo);

    choose(
      screen.getByTestId("background-camera"),
      new File(["x"], "notes.pdf", { type: "application/pdf" }),
    );
    choose(screen.getByTestId("background-album"), new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }));
    expect(p.onPickBackground).toHaveBeenCalledTimes(1);
    expect(p.onInvalidFile).toHaveBeenCalledTimes(2);
    expect(p.onInvalidFile).toHaveBeenCalledWith("请选择图片文件");
    expect((await screen.findAllByText("请选择图片文件")).length).toBeGreaterThan(0);
  });

  it("speaks English under en-US", async () => {
    const p = props({ isOwner: true });
    const { user } = await renderUi(<ProfileTopBar {...p} />, { language: Language.enUS });
    await user.click(screen.getByRole("button", { name: "Change background" }));
    expect(screen.getByRole("button", { name: "Take a photo" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Choose from album" })).toBeTruthy();
    choose(screen.getByTestId("background-album"), new File(["x"], "a.txt", { type: "text/plain" }));
    expect(p.onInvalidFile).toHaveBeenCalledWith("Choose an image file");
  });

  it("shows Report in English on others' profiles", async () => {
    const { user } = await renderUi(<ProfileTopBar {...props()} />, { language: Language.enUS });
    await user.click(screen.getByRole("button", { name: "More actions" }));
    expect(screen.getByRole("button", { name: "Report" })).toBeTruthy();
  });
});
