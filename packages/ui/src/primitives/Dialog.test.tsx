import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { Dialog, TipDialog } from "./Dialog";

describe("Dialog", () => {
  it("confirms, cancels, and cancels on Escape; names itself by its title", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = await renderUi(
      <Dialog open title="T" onConfirm={onConfirm} onCancel={onCancel}>
        body
      </Dialog>,
    );
    expect(screen.getByRole("dialog", { name: "T" })).toBeTruthy();
    // Focus starts on the confirm button.
    expect(document.activeElement?.textContent).toBe("确定");
    await user.click(screen.getByRole("button", { name: "取消" }));
    await user.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole("button", { name: "确定" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("speaks English under en-US, and the tip dialog has one button titled 'Tip'", async () => {
    const onConfirm = vi.fn();
    const { user } = await renderUi(
      <TipDialog open onConfirm={onConfirm}>
        x
      </TipDialog>,
      { language: Language.enUS },
    );
    expect(screen.getByRole("dialog", { name: "Tip" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    await user.keyboard("{Escape}");
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("keeps Tab inside and ignores dismissal while busy", async () => {
    const onCancel = vi.fn();
    const { user } = await renderUi(<Dialog open busy title="T" onConfirm={vi.fn()} onCancel={onCancel} />);
    await user.keyboard("{Escape}");
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "确定" }).getAttribute("aria-busy")).toBe("true");
  });
});
