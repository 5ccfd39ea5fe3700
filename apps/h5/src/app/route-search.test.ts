import { describe, expect, it } from "vitest";
import {
  validateCollectionSearch,
  validateIdSearch,
  validateLoginSearch,
  validateOrderPageSearch,
  validateOrderTabSearch,
} from "./route-search";

describe("route search params", () => {
  it("keep valid values and fall back on anything else", () => {
    expect(validateIdSearch({ id: 42 })).toEqual({ id: "42" });
    expect(validateIdSearch({ id: { x: 1 } })).toEqual({});
    expect(validateCollectionSearch({ active: "FAVORITES" })).toEqual({ active: "FAVORITES" });
    expect(validateCollectionSearch({ active: "nope" })).toEqual({ active: "ALL" });
    expect(validateOrderTabSearch({ tab: "WITHDRAW_ORDER" })).toEqual({ tab: "WITHDRAW_ORDER" });
    expect(validateOrderTabSearch({})).toEqual({ tab: "RECHARGE_ORDER" });
    expect(validateOrderPageSearch({ page: "WITHDRAW_ORDER" })).toEqual({ page: "WITHDRAW_ORDER" });
  });

  it("never let the login redirect leave the app", () => {
    expect(validateLoginSearch({ redirect: "/mybuy?x=1" })).toEqual({ redirect: "/mybuy?x=1" });
    expect(validateLoginSearch({ redirect: "//evil.example" })).toEqual({ redirect: "/" });
    expect(validateLoginSearch({ redirect: "https://evil.example" })).toEqual({ redirect: "/" });
    expect(validateLoginSearch({})).toEqual({});
  });
});
