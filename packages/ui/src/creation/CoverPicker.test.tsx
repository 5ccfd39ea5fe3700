import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { CoverPicker } from "./CoverPicker";

const input = () => document.querySelector<HTMLInputElement>('[data-testid="cover-album"]')!;

describe("CoverPicker", () => {
  it("opens the album (images only) from its button and hands the chosen file over", async () => {
    const onPick = vi.fn();
    const { user } = await renderUi(<CoverPicker onPick={onPick} />);
    expect(screen.getByText("未选择封面")).toBeTruthy();
    expect(input().getAttribute("accept")).toBe("image/*");
    const click = vi.spyOn(input(), "click");
    await user.click(screen.getByRole("button", { name: "选择封面" }));
    expect(click).toHaveBeenCalledOnce();
    const file = new File([new Uint8Array([1])], "cover.png", { type: "image/png" });
    fireEvent.change(input(), { target: { files: [file] } });
    expect(onPick).toHaveBeenCalledWith(file);
  });

  it("previews the picture, waits while it uploads, and shows a refusal", async () => {
    await renderUi(<CoverPicker onPick={vi.fn()} previewUrl="blob:cover" busy error="请选择图片文件" />);
    expect(screen.getByRole("img", { name: "封面预览" }).getAttribute("src")).toBe("blob:cover");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "更换封面" }).disabled).toBe(true);
    expect(within(screen.getByRole("group")).getByRole("status").textContent).toContain("封面上传中…");
    expect(screen.getByRole("alert").textContent).toBe("请选择图片文件");
  });

  it("speaks English", async () => {
    await renderUi(<CoverPicker onPick={vi.fn()} />, { language: Language.enUS });
    expect(screen.getByRole("button", { name: "Choose a cover" })).toBeTruthy();
  });
});
