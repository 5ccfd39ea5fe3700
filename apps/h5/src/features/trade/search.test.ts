import { describe, expect, it } from "vitest";
import { rechargeRouteFrom } from "../../app/route-from";
import { isLeavableUrl } from "./orders";
import { validateOrderDetailSearch, validateTradeSearch, validateWithdrawSearch } from "./search";

describe("the money routes' search params", () => {
  it("/trade keeps an order number and a 'from' that is a path of this app, nothing else", () => {
    expect(validateTradeSearch({ orderNum: "R1", from: "/videoview?id=42" })).toEqual({
      orderNum: "R1",
      from: "/videoview?id=42",
    });
    // A bad value is written as undefined, so it replaces the raw one the router keeps.
    expect(validateTradeSearch({ orderNum: 20250601, from: "//evil.example" })).toStrictEqual({
      orderNum: "20250601",
      from: undefined,
    });
    for (const from of ["https://evil.example", "javascript:alert(1)", "/\\evil", 42])
      expect(validateTradeSearch({ from }).from).toBeUndefined();
    expect(validateTradeSearch({ orderNum: "  " }).orderNum).toBeUndefined();
  });

  it("/withdraw keeps retryOf; /orderdetails keeps the tab (RECHARGE_ORDER unless valid) and the order", () => {
    expect(validateWithdrawSearch({ retryOf: "W9" })).toEqual({ retryOf: "W9" });
    expect(validateWithdrawSearch({ retryOf: "" })).toStrictEqual({ retryOf: undefined, card: undefined });
    expect(validateOrderDetailSearch({ page: "WITHDRAW_ORDER", orderNum: "W9" })).toEqual({
      page: "WITHDRAW_ORDER",
      orderNum: "W9",
    });
    expect(validateOrderDetailSearch({ page: "nope" })).toStrictEqual({
      page: "RECHARGE_ORDER",
      orderNum: undefined,
    });
  });

  it("the recharge shortcuts remember the page they were pressed on", () => {
    expect(rechargeRouteFrom("/videoview?id=42")).toBe("/trade?from=%2Fvideoview%3Fid%3D42");
    expect(validateTradeSearch({ from: "/videoview?id=42" }).from).toBe("/videoview?id=42");
    expect(rechargeRouteFrom("/trade?orderNum=R1")).toBe("/trade");
  });

  it("only web addresses and this origin's paths are left for", () => {
    expect(isLeavableUrl("https://pay.example/hosted/1")).toBe(true);
    expect(isLeavableUrl("/api/sandbox/pay/1")).toBe(true);
    expect(isLeavableUrl("javascript:alert(1)")).toBe(false);
    expect(isLeavableUrl("//evil.example/x")).toBe(false);
    expect(isLeavableUrl("data:text/html,hi")).toBe(false);
    expect(isLeavableUrl(null)).toBe(false);
  });
});
