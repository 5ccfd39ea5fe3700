import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../test/render";
import { EmptyState } from "./EmptyState";
import type { EmptyPicture } from "./EmptyState";

const pictures: readonly EmptyPicture[] = ["noResults", "empty", "error", "notFound", "comingSoon"];

describe("EmptyState", () => {
  it("shows an image and the description, and an action when given", async () => {
    const { container } = await renderUi(
      <EmptyState description="暂无评论" action={<button type="button">retry</button>} />,
    );
    expect(screen.getByText("暂无评论")).toBeTruthy();
    expect(container.querySelector("svg.pf-empty__image")).not.toBeNull();
    expect(screen.getByRole("button", { name: "retry" })).toBeTruthy();
  });

  it("uses the given picture, silent for screen readers", async () => {
    const { container } = await renderUi(
      <EmptyState description="x" image="data:image/png;base64,AA==" compact />,
    );
    const image = container.querySelector("img");
    expect(image?.getAttribute("src")).toBe("data:image/png;base64,AA==");
    expect(image?.getAttribute("alt")).toBe("");
    expect(container.querySelector(".pf-empty--compact")).not.toBeNull();
  });

  it("draws a different picture for each kind of state, all silent for screen readers", async () => {
    const drawings = new Map<EmptyPicture, string>();
    for (const picture of pictures) {
      const { container, unmount } = await renderUi(<EmptyState description="x" picture={picture} />);
      const block = container.querySelector(".pf-empty");
      expect(block?.getAttribute("data-picture")).toBe(picture);
      const svg = container.querySelector("svg.pf-empty__image");
      expect(svg?.getAttribute("viewBox")).toBe("0 0 120 90");
      expect(svg?.getAttribute("aria-hidden")).toBe("true");
      drawings.set(picture, svg?.innerHTML ?? "");
      unmount();
    }
    // Five pictures, five different drawings.
    expect(new Set(drawings.values()).size).toBe(pictures.length);
    // The default is the search's 'no results'.
    const { container } = await renderUi(<EmptyState description="x" />);
    expect(container.querySelector(".pf-empty")?.getAttribute("data-picture")).toBe("noResults");
    expect(container.querySelector("svg.pf-empty__image")?.innerHTML).toBe(drawings.get("noResults"));
  });

  it("draws only with the theme's colours", async () => {
    for (const picture of pictures) {
      const { container, unmount } = await renderUi(<EmptyState description="x" picture={picture} />);
      const colours = [...container.querySelectorAll("svg *")].flatMap((node) =>
        ["fill", "stroke"].map((name) => node.getAttribute(name)).filter((v) => v !== null),
      );
      expect(colours.length, picture).toBeGreaterThan(0);
      for (const colour of colours) expect(colour, picture).toMatch(/^(none|var\(--pf-[\w-]+\))$/);
      unmount();
    }
  });
});
