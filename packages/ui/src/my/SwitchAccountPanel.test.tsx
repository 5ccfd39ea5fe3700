import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { SwitchAccountPanel } from "./SwitchAccountPanel";
import type { SwitchAccountPanelProps } from "./SwitchAccountPanel";

function props(): SwitchAccountPanelProps {
  return {
    open: true,
    onClose: vi.fn(),
    onSwitch: vi.fn(),
    onAddAccount: vi.fn(),
    onLogout: vi.fn(),
    accounts: [
      { id: "1", nickname: "Nova", mobile: "13812345678", current: true },
      { id: "2", nickname: "Owl", mobile: "13998765432" },
    ],
  };
}

describe("SwitchAccountPanel", () => {
  it("lists accounts with masked phones, marks the current one, and switches, adds or logs out", async () => {
    const p = props();
    const { user } = await renderUi(<SwitchAccountPanel {...p} />);
    const panel = screen.getByRole("dialog", { name: "切换账号" });
    await within(panel).findByText("138****5678");
    expect(within(panel).queryByText("13812345678")).toBeNull();
    const current = within(panel).getByRole("button", { name: /Nova/ });
    expect(current.getAttribute("aria-current")).toBe("true");
    expect(current.textContent).toContain("当前账号");
    await user.click(current);
    expect(p.onSwitch).not.toHaveBeenCalled();
    await user.click(within(panel).getByRole("button", { name: /Owl/ }));
    expect(p.onSwitch).toHaveBeenCalledWith("2");
    await user.click(within(panel).getByRole("button", { name: "添加账号" }));
    await user.click(within(panel).getByRole("button", { name: "退出登录" }));
    expect(p.onAddAccount).toHaveBeenCalledTimes(1);
    expect(p.onLogout).toHaveBeenCalledTimes(1);
  });

  it("speaks English under en-US", async () => {
    await renderUi(<SwitchAccountPanel {...props()} />, { language: Language.enUS });
    const panel = screen.getByRole("dialog", { name: "Switch account" });
    expect(await within(panel).findByRole("button", { name: "Add account" })).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Log out" })).toBeTruthy();
    expect(within(panel).getByText("Current account")).toBeTruthy();
  });

  it("offers to remove every remembered account but the current one", async () => {
    const base = props();
    const p = { ...base, onRemove: vi.fn(), accounts: [...base.accounts, { id: "3", nickname: "Fawn" }] };
    const { user } = await renderUi(<SwitchAccountPanel {...p} />);
    const panel = screen.getByRole("dialog", { name: "切换账号" });
    const removes = await within(panel).findAllByRole("button", { name: /^从此设备移除/ });
    expect(removes.map((button) => button.getAttribute("aria-label"))).toEqual([
      "从此设备移除 Owl",
      "从此设备移除 Fawn",
    ]);
    await user.click(within(panel).getByRole("button", { name: "从此设备移除 Fawn" }));
    expect(p.onRemove).toHaveBeenCalledWith("3");
    expect(p.onSwitch).not.toHaveBeenCalled();
  });

  it("has no remove buttons without onRemove, and names them in English under en-US", async () => {
    const { unmount } = await renderUi(<SwitchAccountPanel {...props()} />);
    await screen.findByText("138****5678");
    expect(screen.queryByRole("button", { name: /从此设备移除/ })).toBeNull();
    unmount();
    await renderUi(<SwitchAccountPanel {...props()} onRemove={vi.fn()} />, { language: Language.enUS });
    expect(await screen.findByRole("button", { name: "Remove Owl from this device" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Remove Nova/ })).toBeNull();
  });
});
