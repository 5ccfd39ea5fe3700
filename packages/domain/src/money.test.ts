import { describe, expect, it } from "vitest";
import { formatAmount, isHundredths, unitsToHundredths, walletBalanceOf } from "./money";

describe("formatAmount", () => {
  it.each([
    [0, "0.00"],
    [1, "0.01"],
    [10, "0.10"],
    [99, "0.99"],
    [100, "1.00"],
    [1234, "12.34"],
    [100_000_000, "1000000.00"],
    [-5, "-0.05"],
    [-1234, "-12.34"],
    [12.5, "0.13"],
    [-12.5, "-0.13"],
    [Number.MAX_SAFE_INTEGER, "90071992547409.91"],
    [Number.NaN, "0.00"],
    [Number.POSITIVE_INFINITY, "0.00"],
  ])("%s hundredths → %s", (hundredths, text) => {
    expect(formatAmount(hundredths)).toBe(text);
  });

  it("never shows binary rounding (10 + 20 hundredths is 0.30)", () => {
    expect(formatAmount(10 + 20)).toBe("0.30");
  });
});

describe("unitsToHundredths", () => {
  it.each([
    [0, 0],
    [1, 100],
    [0.1, 10],
    [19.99, 1999],
    [1.005, 101],
  ])("%s units → %s", (units, hundredths) => {
    expect(unitsToHundredths(units)).toBe(hundredths);
  });
});

describe("isHundredths", () => {
  it.each([
    [0, true],
    [-3, true],
    [1.5, false],
    ["100", false],
    [Number.MAX_SAFE_INTEGER + 1, false],
    [null, false],
  ])("%s → %s", (value, expected) => {
    expect(isHundredths(value)).toBe(expected);
  });
});

describe("walletBalanceOf", () => {
  const list = [
    { type: "WALLET", wallet: 500 },
    { type: "GOLD", wallet: 12_345 },
  ];
  it("uses the GOLD entry by default", () => {
    expect(walletBalanceOf(list)).toBe(12_345);
  });
  it("reads another type when asked", () => {
    expect(walletBalanceOf(list, "WALLET")).toBe(500);
  });
  it.each([[null], [undefined], [[]], [[{ type: "WALLET", wallet: 1 }]]])("%j has no gold → 0", (l) => {
    expect(walletBalanceOf(l)).toBe(0);
  });
  it("treats a malformed amount as empty rather than showing NaN", () => {
    expect(walletBalanceOf([{ type: "GOLD", wallet: 1.5 }])).toBe(0);
  });
});
