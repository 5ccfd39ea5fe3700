import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Language, renderUi } from "../test/render";
import { Badge } from "./Badge";

/** The number a sighted user sees. */
function shown(container: HTMLElement): string | null {
  return container.querySelector(".pf-badge [aria-hidden='true']")?.textContent ?? null;
}

describe("Badge", () => {
  it.each([
    [1, "1"],
    [5, "5"],
    [99, "99"],
    [100, "99+"],
    [120, "99+"],
    [12_345, "99+"],
  ])("shows %i as %s", async (count, text) => {
    const { container } = await renderUi(<Badge count={count} />);
    expect(shown(container)).toBe(text);
  });

  it.each([0, -3, Number.NaN])("is hidden at %s, leaving what it sits on", async (count) => {
    const { container } = await renderUi(
      <Badge count={count}>
        <span>icon</span>
      </Badge>,
    );
    expect(container.querySelector(".pf-badge")).toBeNull();
    expect(screen.getByText("icon")).toBeTruthy();
  });

  it("speaks the capped count in each language, or the caller's label", async () => {
    const zh = await renderUi(<Badge count={120} />);
    expect(zh.container.textContent).toContain("99+条未读");
    zh.unmount();

    const en = await renderUi(<Badge count={7} />, { language: Language.enUS });
    expect(en.container.querySelector(".pf-visually-hidden")?.textContent).toBe("7 unread");
    en.unmount();

    const labelled = await renderUi(<Badge count={3} label="3 new messages" />);
    expect(labelled.container.querySelector(".pf-visually-hidden")?.textContent).toBe("3 new messages");
  });
});
