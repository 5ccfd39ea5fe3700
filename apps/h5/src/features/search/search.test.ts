import { describe, expect, it } from "vitest";
import { SEARCH_MAX_LENGTH, searchOfQuery, tabOfSearch, validateSearchPageSearch, wordsOf } from "./search";

describe("the search params of /search", () => {
  it("keeps the words and the member tab; the video tab is the default, left out", () => {
    expect(validateSearchPageSearch({ q: "travel", tab: "member" })).toEqual({ q: "travel", tab: "member" });
    expect(validateSearchPageSearch({ q: "travel", tab: "video" })).toEqual({ q: "travel" });
    expect(validateSearchPageSearch({ q: "travel", tab: "nonsense" })).toEqual({ q: "travel" });
  });

  it("has no tab without words, and no words when they are blank", () => {
    expect(validateSearchPageSearch({ tab: "member" })).toEqual({});
    expect(validateSearchPageSearch({ q: "   " })).toEqual({});
    expect(validateSearchPageSearch({ q: { a: 1 } })).toEqual({});
  });

  it("reads a number the router parsed back as words, and tidies spaces", () => {
    expect(validateSearchPageSearch({ q: 2024 })).toEqual({ q: "2024" });
    expect(wordsOf("  city \t nights ")).toBe("city nights");
  });

  it("cuts words at the server's limit", () => {
    expect(wordsOf("字".repeat(80))).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it("round-trips a tab", () => {
    expect(tabOfSearch(searchOfQuery("a", "member"))).toBe("member");
    expect(tabOfSearch(searchOfQuery("a", "video"))).toBe("video");
  });
});
