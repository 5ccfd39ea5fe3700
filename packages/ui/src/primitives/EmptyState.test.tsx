import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../test/render";
import { EmptyState } from "./EmptyState";

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
});
