import { MessageKey } from "./messages";
import type { Hundredths } from "./money";

/**
 * A video's price as the server states it. `discount` is the member discount in the Chinese
 * convention, tenths of the price paid (8 = pay 80 %, 8.5 = pay 85 %, 10 or none = full price).
 * `benefitAmount`, when the server gives one, is the price this viewer pays, whatever else holds.
 */
export interface VideoPrice {
  readonly amount: Hundredths;
  readonly discount?: number | null;
  readonly benefitAmount?: Hundredths | null;
}

function validDiscount(discount: number | null | undefined): number | null {
  return discount != null && Number.isFinite(discount) && discount > 0 && discount < 10 ? discount : null;
}

/**
 * The member price, what a member pays (spec §5: the benefit amount if present, else amount ×
 * discount / 10), rounded to the nearest hundredth, half up. The benefit amount is the price the
 * *viewer* pays, so it is the member price only when the viewer is a member: a non-member's
 * benefit amount is their own (full) price, and they are shown what a member would pay instead.
 * The multiplication is done on integers (the discount to two decimal places) so 999 × 8.5 / 10 is
 * 849 exactly, not 849.1499….
 */
export function memberPrice(price: VideoPrice, viewerIsMember: boolean): Hundredths {
  if (viewerIsMember && price.benefitAmount != null) return price.benefitAmount;
  const discount = validDiscount(price.discount);
  if (discount === null) return price.amount;
  const discountHundredths = Math.round(discount * 100);
  return Math.floor((price.amount * discountHundredths + 500) / 1000);
}

/**
 * The member discount as a percentage off: 100 − discount × 10 (spec §9), so 8 shows 20. Shown
 * beside the member price to everyone (what members save, what joining would save). No discount
 * shows nothing (null), never "0 %".
 */
export function discountPercent(discount: number | null | undefined): number | null {
  const d = validDiscount(discount);
  return d === null ? null : Math.round(1000 - d * 100) / 10;
}

/**
 * What this viewer pays: a benefit amount if the server gives one; otherwise members pay the
 * member price and everyone else the amount.
 */
export function payablePrice(price: VideoPrice, isMember: boolean): Hundredths {
  if (price.benefitAmount != null) return price.benefitAmount;
  return isMember ? memberPrice(price, true) : price.amount;
}

/**
 * Buying is allowed only if the balance covers the price (spec §5: balance / 100 ≥ price in units,
 * the same comparison made here in hundredths, where it is exact).
 */
export function canBuy(balance: Hundredths, price: VideoPrice, isMember: boolean): boolean {
  return balance >= payablePrice(price, isMember);
}

export type BuyButtonState = "buy" | "gotoRecharge";

/** The buy popup's main button: 'buy', or 'goto recharge' when the balance is too small. */
export function buyButtonState(balance: Hundredths, price: VideoPrice, isMember: boolean): BuyButtonState {
  return canBuy(balance, price, isMember) ? "buy" : "gotoRecharge";
}

export function buyButtonLabel(state: BuyButtonState): MessageKey {
  return state === "buy" ? MessageKey.buy : MessageKey.gotoRecharge;
}
