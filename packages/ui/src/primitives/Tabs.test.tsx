import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../test/render";
import { TabLinks } from "./TabLinks";
import { Tabs, tabId } from "./Tabs";
import type { TabItem, TabsProps } from "./Tabs";

const items: readonly TabItem[] = [
  { key: "all", label: "All" },
  { key: "travel", label: "Travel" },
  { key: "food", label: "Food" },
  { key: "music", label: "Music" },
];

type Props = Partial<TabsProps<string>> & { readonly onSelect: (key: string) => void };

/** The tabs with their selection kept in state, as a screen keeps it (in its URL). */
function Row({ selected: initial = "all", onSelect, ...rest }: Props) {
  const [selected, setSelected] = useState<string | null>(initial);
  return (
    <>
      <Tabs
        items={items}
        label="Categories"
        idBase="row"
        panelId="row-panel"
        {...rest}
        selected={selected}
        onSelect={(key) => {
          setSelected(key);
          onSelect(key);
        }}
      />
      <div id="row-panel" role="tabpanel" aria-labelledby={tabId("row", selected ?? "")} />
    </>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });
const chosen = () =>
  screen
    .getAllByRole("tab")
    .filter((t) => t.getAttribute("aria-selected") === "true")
    .map((t) => t.textContent);
const focusStops = () =>
  screen
    .getAllByRole("tab")
    .filter((t) => t.tabIndex === 0)
    .map((t) => t.textContent);

describe("Tabs", () => {
  const scrollIntoView = vi.fn();
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    scrollIntoView.mockReset();
  });

  it("is a named tablist of tabs, the chosen one selected, controlling its panel", async () => {
    await renderUi(<Row selected="travel" onSelect={vi.fn()} />);
    const list = screen.getByRole("tablist", { name: "Categories" });
    expect(
      within(list)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["All", "Travel", "Food", "Music"]);
    expect(chosen()).toEqual(["Travel"]);
    expect(tab("All").getAttribute("aria-selected")).toBe("false");
    expect(tab("Travel").id).toBe("row-tab-travel");
    expect(tab("Travel").getAttribute("aria-controls")).toBe("row-panel");
    expect(screen.getByRole("tabpanel", { name: "Travel" })).toBeTruthy();
    expect(focusStops()).toEqual(["Travel"]);
  });

  it("chooses on a tap, and not again when the chosen tab is tapped", async () => {
    const onSelect = vi.fn();
    const { user } = await renderUi(<Row onSelect={onSelect} />);
    await user.click(tab("Food"));
    await user.click(tab("Food"));
    expect(onSelect.mock.calls).toEqual([["food"]]);
    expect(chosen()).toEqual(["Food"]);
    expect(focusStops()).toEqual(["Food"]);
  });

  it("moves and chooses with the arrow keys, wrapping, and Home and End", async () => {
    const onSelect = vi.fn();
    const { user } = await renderUi(<Row onSelect={onSelect} />);
    await user.tab();
    expect(document.activeElement).toBe(tab("All"));

    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tab("Travel"));
    expect(chosen()).toEqual(["Travel"]);
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(tab("Music"));
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tab("All"));
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(tab("Music"));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(tab("All"));
    expect(onSelect.mock.calls).toEqual([["travel"], ["music"], ["all"], ["music"], ["all"]]);
    // Other keys are the page's.
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(tab("All"));
    // A fill row has nothing to scroll.
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it("only moves the focus with manual activation: Enter or Space chooses", async () => {
    const onSelect = vi.fn();
    const { user } = await renderUi(<Row onSelect={onSelect} activation="manual" layout="scroll" />);
    await user.tab();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(document.activeElement).toBe(tab("Food"));
    expect(chosen()).toEqual(["All"]);
    expect(onSelect).not.toHaveBeenCalled();
    // The row scrolls the focused tab into sight.
    expect(scrollIntoView).toHaveBeenCalledTimes(2);

    await user.keyboard("{Enter}");
    expect(chosen()).toEqual(["Food"]);
    await user.keyboard("{End}{ }");
    expect(chosen()).toEqual(["Music"]);
    expect(onSelect.mock.calls).toEqual([["food"], ["music"]]);
  });

  it("leaves every tab unchosen for a key no tab has, the first one the focus stop", async () => {
    await renderUi(<Row selected="gone" onSelect={vi.fn()} />);
    expect(chosen()).toEqual([]);
    expect(focusStops()).toEqual(["All"]);
  });

  it("draws its layout as a class", async () => {
    await renderUi(<Row onSelect={vi.fn()} layout="scroll" />);
    expect(screen.getByRole("tablist").className).toBe("pf-tabs pf-tabs--line pf-tabs--scroll");
  });
});

describe("TabLinks", () => {
  it("is a named navigation of links, the current one aria-current", async () => {
    await renderUi(
      <TabLinks
        items={items.slice(0, 2)}
        selected="travel"
        label="Favourites"
        link={(item, props) => (
          <a href={`#${item.key}`} {...props}>
            {item.label}
          </a>
        )}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Favourites" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("aria-current")])).toEqual([
      ["All", null],
      ["Travel", "page"],
    ]);
    expect(links.every((link) => link.className === "pf-tabs__tab")).toBe(true);
  });
});
