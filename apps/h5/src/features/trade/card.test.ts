import { describe, expect, it } from "vitest";
import { cardDigits, cardNumberProblem, luhnValid } from "./card";

describe("bank card numbers", () => {
  it("follow the Luhn rule: a mistyped digit or two swapped digits fail it", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("6222021234567890128")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("4111111111111121")).toBe(false);
    expect(luhnValid("41111111111111x1")).toBe(false);
  });

  it("are 12-19 digits once the spaces and dashes between groups are dropped", () => {
    expect(cardDigits("4111 1111-1111 1111")).toBe("4111111111111111");
    expect(cardNumberProblem("")).toBe("required");
    expect(cardNumberProblem("  ")).toBe("required");
    expect(cardNumberProblem("79927398713")).toBe("format");
    expect(cardNumberProblem("4111a11111111111")).toBe("format");
    expect(cardNumberProblem("41111111111111111111")).toBe("format");
    expect(cardNumberProblem("4111 1111 1111 1112")).toBe("checksum");
    expect(cardNumberProblem("4111 1111 1111 1111")).toBeNull();
  });
});
