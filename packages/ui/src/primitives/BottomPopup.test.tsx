import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { BottomPopup } from "./BottomPopup";

describe("BottomPopup", () => {
  it("is named by its title and closes on the close icon, the overlay and Escape", async () => {
    const onClose = vi.fn();
    const { user } = await renderUi(
      <BottomPopup open title="购买视频" onClose={onClose}>
        <button type="button">buy</button>
      </BottomPopup>,
    );
    expect(screen.getByRole("dialog", { name: "购买视频" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "关闭" }));
    await user.click(screen.getByTestId("overlay"));
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("can go without title and close icon, named by its label; English close label", async () => {
    const { unmount } = await renderUi(
      <BottomPopup open closable={false} label="Login" onClose={vi.fn()}>
        x
      </BottomPopup>,
    );
    expect(screen.getByRole("dialog", { name: "Login" })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    unmount();

    await renderUi(
      <BottomPopup open label="Login" onClose={vi.fn()}>
        x
      </BottomPopup>,
      { language: Language.enUS },
    );
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("renders nothing while closed", async () => {
    await renderUi(
      <BottomPopup open={false} title="t" onClose={vi.fn()}>
        x
      </BottomPopup>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
