import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Language, renderUi } from "../test/render";
import { PageHeader } from "./PageHeader";

describe("PageHeader", () => {
  it("has a back button only when onBack is given, and a heading for the title", async () => {
    const onBack = vi.fn();
    const { user, unmount } = await renderUi(<PageHeader title="订单详情" onBack={onBack} />);
    expect(screen.getByRole("heading", { level: 1, name: "订单详情" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "返回" }));
    expect(onBack).toHaveBeenCalledTimes(1);
    unmount();

    await renderUi(<PageHeader title="Home" right={<button type="button">more</button>} />);
    expect(screen.queryByRole("button", { name: "返回" })).toBeNull();
    expect(screen.getByRole("button", { name: "more" })).toBeTruthy();
  });

  it("names the back button in English", async () => {
    await renderUi(<PageHeader onBack={vi.fn()} />, { language: Language.enUS });
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
    expect(screen.queryByRole("heading")).toBeNull();
  });
});
