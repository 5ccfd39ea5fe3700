import { describe, expect, it } from "vitest";
import { MessageKey } from "./messages";
import {
  buyButtonLabel,
  buyButtonState,
  canBuy,
  discountPercent,
  memberPrice,
  payablePrice,
} from "./pricing";

describe("memberPrice", () => {
  it.each([
    // amount, discount, benefitAmount, member price (all hundredths), as a member sees it
    [1000, 8, null, 800],
    [1000, 8.5, null, 850],
    [999, 8.5, null, 849], // 849.15 → 849
    [10, 8.5, null, 9], // 8.5 → 9 (half up)
    [1999, 9.9, null, 1979], // 1979.01 → 1979
    [1000, 10, null, 1000], // 10 = no discount
    [1000, null, null, 1000],
    [1000, undefined, null, 1000],
    [1000, 0, null, 1000], // a zero discount would make it free: ignored
    [1000, -2, null, 1000],
    [1000, 12, null, 1000],
    [1000, Number.NaN, null, 1000],
    [1000, 8, 500, 500], // a member's benefit amount is their member price
    [1000, null, 0, 0],
  ])("amount %s, discount %s, benefit %s → %s", (amount, discount, benefitAmount, expected) => {
    expect(memberPrice({ amount, discount, benefitAmount }, true)).toBe(expected);
  });

  it.each([
    // amount, discount, benefitAmount (what this non-member pays), what a member would pay
    [300, 8.5, 300, 255], // the server's benefit amount for a non-member is the full price
    [300, 8, 300, 240],
    [1000, 8, 500, 800], // a price granted to this viewer is not the member price
    [1000, null, 1000, 1000], // no discount: members pay the amount too
    [1000, 8, null, 800],
  ])(
    "a non-member sees what a member pays: amount %s, discount %s, benefit %s → %s",
    (amount, discount, benefitAmount, expected) => {
      expect(memberPrice({ amount, discount, benefitAmount }, false)).toBe(expected);
    },
  );
});

describe("discountPercent", () => {
  it.each([
    [8, 20],
    [8.5, 15],
    [9.9, 1],
    [1, 90],
    [10, null],
    [0, null],
    [null, null],
    [undefined, null],
  ])("discount %s → %s %% off", (discount, expected) => {
    expect(discountPercent(discount)).toBe(expected);
  });
});

describe("payablePrice", () => {
  const price = { amount: 1000, discount: 8 };
  it("non-members pay the amount", () => {
    expect(payablePrice(price, false)).toBe(1000);
  });
  it("members pay the member price", () => {
    expect(payablePrice(price, true)).toBe(800);
  });
  it("a benefit amount is what anyone pays", () => {
    expect(payablePrice({ ...price, benefitAmount: 300 }, false)).toBe(300);
    expect(payablePrice({ ...price, benefitAmount: 300 }, true)).toBe(300);
  });
});

describe("canBuy and the buy button", () => {
  it.each([
    // balance, amount, discount, benefit, member, can buy
    [1000, 1000, null, null, false, true], // exactly enough
    [999, 1000, null, null, false, false], // one hundredth short
    [800, 1000, 8, null, true, true], // member at the discounted price
    [799, 1000, 8, null, true, false],
    [800, 1000, 8, null, false, false], // a non-member pays full
    [500, 1000, null, 500, false, true], // benefit amount given
    [499, 1000, null, 500, false, false],
    [0, 0, null, null, false, true],
  ])(
    "balance %s, amount %s, discount %s, benefit %s, member %s → %s",
    (balance, amount, discount, benefitAmount, member, expected) => {
      const price = { amount, discount, benefitAmount };
      expect(canBuy(balance, price, member)).toBe(expected);
      expect(buyButtonState(balance, price, member)).toBe(expected ? "buy" : "gotoRecharge");
    },
  );

  it("labels the button 'buy' or 'goto recharge'", () => {
    expect(buyButtonLabel("buy")).toBe(MessageKey.buy);
    expect(buyButtonLabel("gotoRecharge")).toBe(MessageKey.gotoRecharge);
  });
});
