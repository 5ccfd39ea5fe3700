import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  SEARCH_HISTORY_LIMIT,
  parseHistory,
  searchHistoryKey,
  useSearchHistory,
  withSearch,
  withoutSearch,
} from "./history";
import type { SearchHistory } from "./history";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("the search history's rules", () => {
  it("puts a new search first, trimmed, with inner spaces made one", () => {
    expect(withSearch(["b", "a"], "  city   nights ")).toEqual(["city nights", "b", "a"]);
  });

  it("keeps each search once: searching one again moves it first (whatever its case)", () => {
    expect(withSearch(["a", "Geek", "b"], "geek")).toEqual(["geek", "a", "b"]);
    expect(withSearch(["a", "b"], "b")).toEqual(["b", "a"]);
  });

  it("keeps the newest 20, dropping the oldest", () => {
    let history: readonly string[] = [];
    for (let n = 1; n <= 25; n++) history = withSearch(history, `q${String(n)}`);
    expect(history).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect(history[0]).toBe("q25");
    expect(history.at(-1)).toBe("q6");
    expect(history).not.toContain("q5");
  });

  it("ignores empty searches, and removes one entry without touching the rest", () => {
    expect(withSearch(["a"], "   ")).toEqual(["a"]);
    expect(withoutSearch(["a", "B", "c"], "b")).toEqual(["a", "c"]);
  });

  it("reads whatever storage holds safely: bad text, other shapes, duplicates, too many", () => {
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory("{not json")).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory(JSON.stringify(["a", 3, null, " a ", "", "b"]))).toEqual(["a", "b"]);
    const many = Array.from({ length: 30 }, (_, n) => `w${String(n)}`);
    expect(parseHistory(JSON.stringify(many))).toEqual(many.slice(0, SEARCH_HISTORY_LIMIT));
  });
});

describe("useSearchHistory", () => {
  const views = new Map<string, SearchHistory>();
  let container: HTMLDivElement;
  let root: ReturnType<typeof createRoot>;

  function Probe({ name, userId }: { readonly name: string; readonly userId: string }) {
    views.set(name, useSearchHistory(userId));
    return null;
  }
  function view(name: string): SearchHistory {
    const found = views.get(name);
    if (found === undefined) throw new Error(`no view ${name}`);
    return found;
  }

  beforeEach(() => {
    localStorage.clear();
    views.clear();
    container = document.createElement("div");
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => {
      root.unmount();
    });
  });

  function render(probes: readonly { name: string; userId: string }[]) {
    act(() => {
      root.render(probes.map((p) => createElement(Probe, { key: p.name, ...p })));
    });
  }

  it("keeps each person's searches under their own id, and shows a change to every user of it", () => {
    localStorage.setItem(searchHistoryKey("8"), JSON.stringify(["someone else's"]));
    render([
      { name: "seven", userId: "7" },
      { name: "seven again", userId: "7" },
      { name: "eight", userId: "8" },
    ]);
    expect(view("seven").entries).toEqual([]);
    expect(view("eight").entries).toEqual(["someone else's"]);

    act(() => {
      view("seven").add("travel");
    });
    act(() => {
      view("seven").add("food");
    });
    act(() => {
      view("seven").add("Travel");
    });
    expect(view("seven again").entries).toEqual(["Travel", "food"]);
    expect(JSON.parse(localStorage.getItem(searchHistoryKey("7")) ?? "null")).toEqual(["Travel", "food"]);
    expect(view("eight").entries).toEqual(["someone else's"]);

    act(() => {
      view("seven").remove("food");
    });
    expect(view("seven again").entries).toEqual(["Travel"]);
    act(() => {
      view("seven again").clear();
    });
    expect(view("seven").entries).toEqual([]);
    expect(localStorage.getItem(searchHistoryKey("7"))).toBeNull();
    expect(localStorage.getItem(searchHistoryKey("8"))).not.toBeNull();
  });

  it("keeps nothing without a signed-in id", () => {
    render([{ name: "nobody", userId: "" }]);
    act(() => {
      view("nobody").add("travel");
    });
    expect(view("nobody").entries).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it("follows a change made in another tab (the storage event)", () => {
    render([{ name: "seven", userId: "7" }]);
    act(() => {
      localStorage.setItem(searchHistoryKey("7"), JSON.stringify(["from another tab"]));
      window.dispatchEvent(new StorageEvent("storage", { key: searchHistoryKey("7") }));
    });
    expect(view("seven").entries).toEqual(["from another tab"]);
  });
});
