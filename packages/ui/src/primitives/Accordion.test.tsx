import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../test/render";
import { Accordion } from "./Accordion";
import type { AccordionSection } from "./Accordion";

const history = vi.fn();
const sections: readonly AccordionSection[] = [
  { key: "video", title: "Video", children: <a href="#buy">Purchases</a> },
  { key: "history", title: "History", onSelect: history },
  { key: "finance", title: "Finance", children: <a href="#orders">Orders</a> },
];

function expanded(name: string): string | null {
  return screen.getByRole("button", { name }).getAttribute("aria-expanded");
}

describe("Accordion", () => {
  it("keeps one section open at a time, and closes the open one when pressed again", async () => {
    const onOpenChange = vi.fn();
    const { user } = await renderUi(<Accordion sections={sections} onOpenChange={onOpenChange} />);
    expect(expanded("Video")).toBe("false");
    expect(expanded("Finance")).toBe("false");
    expect(screen.queryByRole("region")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Video" }));
    expect(expanded("Video")).toBe("true");
    expect(screen.getByRole("region", { name: "Video" }).textContent).toBe("Purchases");

    await user.click(screen.getByRole("button", { name: "Finance" }));
    expect(expanded("Video")).toBe("false");
    expect(expanded("Finance")).toBe("true");
    expect(screen.getAllByRole("region")).toHaveLength(1);
    expect(screen.getByRole("region", { name: "Finance" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Finance" }));
    expect(expanded("Finance")).toBe("false");
    expect(onOpenChange.mock.calls).toEqual([["video"], ["finance"], [null]]);
  });

  it("links each trigger to its panel and works from the keyboard", async () => {
    const { user } = await renderUi(<Accordion sections={sections} defaultOpenKey="finance" />);
    const trigger = screen.getByRole("button", { name: "Finance" });
    const panel = document.getElementById(trigger.getAttribute("aria-controls") ?? "");
    expect(panel?.textContent).toBe("Orders");
    expect(panel?.hidden).toBe(false);

    screen.getByRole("button", { name: "Video" }).focus();
    await user.keyboard("{Enter}");
    expect(expanded("Video")).toBe("true");
    expect(panel?.hidden).toBe(true);
  });

  it("makes a section without children a plain row that calls onSelect", async () => {
    const { user } = await renderUi(<Accordion sections={sections} defaultOpenKey="video" />);
    const row = screen.getByRole("button", { name: "History" });
    expect(row.hasAttribute("aria-expanded")).toBe(false);
    expect(row.hasAttribute("aria-controls")).toBe(false);
    await user.click(row);
    expect(history).toHaveBeenCalledTimes(1);
    expect(expanded("Video")).toBe("true");
  });

  it("follows openKey when controlled, asking onOpenChange instead of opening by itself", async () => {
    const onOpenChange = vi.fn();
    const { user, rerender } = await renderUi(
      <Accordion sections={sections} openKey={null} onOpenChange={onOpenChange} />,
    );
    await user.click(screen.getByRole("button", { name: "Video" }));
    expect(onOpenChange).toHaveBeenCalledWith("video");
    expect(expanded("Video")).toBe("false");
    rerender(<Accordion sections={sections} openKey="video" onOpenChange={onOpenChange} />);
    expect(expanded("Video")).toBe("true");
  });
});
