import { describe, expect, it } from "vitest";
import {
  defaultHomeFilters,
  filtersOfSearch,
  panelFiltersChanged,
  searchOfFilters,
  validateHomeSearch,
} from "./search";

describe("the search params of /home", () => {
  it("keep the filters of spec §3 and the classification", () => {
    const search = validateHomeSearch({
      price: "paid",
      sort: "mostPlays",
      duration: "11-30",
      tag: "hot",
      classifyId: "7",
    });
    expect(search).toEqual({
      price: "paid",
      sort: "mostPlays",
      duration: "11-30",
      tag: "hot",
      classifyId: "7",
    });
    expect(filtersOfSearch(search)).toEqual({
      price: "paid",
      sort: "mostPlays",
      duration: "11-30",
      tag: "hot",
      classifyId: "7",
    });
  });

  it("read an id the router parsed as a number", () => {
    expect(validateHomeSearch({ classifyId: 12 })).toEqual({ classifyId: "12" });
  });

  it("fall back to the defaults on unknown or malformed values", () => {
    expect(
      validateHomeSearch({
        price: "cheap",
        sort: 3,
        duration: "0-5",
        tag: ["hot"],
        classifyId: "x'; drop",
        other: "kept out",
      }),
    ).toEqual({});
    expect(validateHomeSearch({ classifyId: -1 })).toEqual({});
    expect(validateHomeSearch({ classifyId: 1.5 })).toEqual({});
    expect(filtersOfSearch(validateHomeSearch({}))).toEqual(defaultHomeFilters);
  });

  it("leave defaults out of the URL, so /home is the unfiltered list", () => {
    expect(validateHomeSearch({ price: "all", sort: "default", duration: "all" })).toEqual({});
    expect(searchOfFilters(defaultHomeFilters)).toEqual({});
    expect(searchOfFilters({ ...defaultHomeFilters, duration: "60+" })).toEqual({ duration: "60+" });
  });

  it("round-trip through the URL", () => {
    const filters = {
      price: "super",
      sort: "recentUpdate",
      duration: "0-10",
      tag: "selected",
      classifyId: "3",
    } as const;
    expect(filtersOfSearch(validateHomeSearch({ ...searchOfFilters(filters) }))).toEqual(filters);
  });

  it("count the panel's changed filters (the tag chips are not in the panel)", () => {
    expect(panelFiltersChanged(defaultHomeFilters)).toBe(0);
    expect(panelFiltersChanged({ ...defaultHomeFilters, tag: "hot" })).toBe(0);
    expect(panelFiltersChanged({ ...defaultHomeFilters, price: "free", duration: "31-60" })).toBe(2);
  });
});
