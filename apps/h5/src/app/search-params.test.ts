import { describe, expect, it } from "vitest";
import { parseSearch, stringifySearch } from "./search-params";

describe("search params in the URL", () => {
  it("writes strings as they are, numbers-like ones included", () => {
    expect(stringifySearch({ id: "42" })).toBe("?id=42");
    expect(stringifySearch({ q: "城市 night", tab: "member" })).toBe(
      `?q=${encodeURIComponent("城市 night").replace(/%20/g, "+")}&tab=member`,
    );
    expect(stringifySearch({ id: undefined })).toBe("");
  });

  it("reads plain strings, and old JSON-quoted links as the same value", () => {
    expect(parseSearch("?id=42")).toEqual({ id: "42" });
    expect(parseSearch("?id=%2242%22")).toEqual({ id: "42" });
    expect(parseSearch("?price=free&sort=hot")).toEqual({ price: "free", sort: "hot" });
    expect(parseSearch("?q=007&flag=true")).toEqual({ q: "007", flag: "true" });
    // A quote that is not JSON stays text.
    expect(parseSearch("?q=%22a%5Cq%22")).toEqual({ q: '"a\\q"' });
  });

  it("round-trips what the routes put in the URL", () => {
    const search = { id: "007", q: "  spaced  ", redirect: "/videoview?id=3" };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
  });
});
