import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { TabBar } from "./TabBar";

describe("TabBar", () => {
  it("labels the six tabs in Chinese, marks the current one and selects by key", async () => {
    const onSelect = vi.fn();
    const { user } = await renderUi(<TabBar activeKey="trend" onSelect={onSelect} />);
    const nav = screen.getByRole("navigation", { name: "主导航" });
    const names = within(nav)
      .getAllByRole("button")
      .map((button) => button.textContent);
    expect(names).toEqual(["首页", "趋势", "游戏", "我的", "频道", "导航"]);
    expect(screen.getByRole("button", { name: "趋势" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("button", { name: "首页" }).hasAttribute("aria-current")).toBe(false);
    await user.click(screen.getByRole("button", { name: "导航" }));
    expect(onSelect).toHaveBeenCalledWith("navigation");
  });

  it("speaks English, shows only the tabs asked for, and none current on other pages", async () => {
    await renderUi(<TabBar activeKey={null} onSelect={vi.fn()} tabs={["home", "game", "my"]} />, {
      language: Language.enUS,
    });
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual(["Home", "Games", "Me"]);
    expect(buttons.some((button) => button.hasAttribute("aria-current"))).toBe(false);
  });

  it("puts a capped badge on a tab, spoken as the tab's description", async () => {
    const { container } = await renderUi(
      <TabBar activeKey="home" onSelect={vi.fn()} badges={{ my: 120, game: 0 }} />,
      { language: Language.enUS },
    );
    expect(screen.getByRole("button", { name: "Me", description: "99+ unread" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Games" }).hasAttribute("aria-describedby")).toBe(false);
    expect(container.ownerDocument.querySelectorAll(".pf-badge")).toHaveLength(1);
  });
});
