import { limits } from "./constants";
import { AccountType } from "./enums";

/**
 * Money is an integer count of hundredths of a unit everywhere (spec §9): balances, prices,
 * order amounts. Floats appear only when a person reads a number, through `formatAmount`.
 */
export type Hundredths = number;

export function isHundredths(value: unknown): value is Hundredths {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/**
 * Hundredths as the two-decimal text people read ("12.34", "-0.05"), computed with integer
 * arithmetic so no binary rounding can show (0.1 + 0.2 never becomes 0.30000000000000004).
 * A value that is not a whole number of hundredths is rounded half away from zero first.
 */
export function formatAmount(hundredths: Hundredths): string {
  if (!Number.isFinite(hundredths)) return "0.00";
  const rounded = Math.round(Math.abs(hundredths)) * Math.sign(hundredths);
  const sign = rounded < 0 ? "-" : "";
  const abs = Math.abs(rounded);
  const units = Math.trunc(abs / limits.hundredthsPerUnit);
  const cents = abs % limits.hundredthsPerUnit;
  return `${sign}${String(units)}.${String(cents).padStart(limits.amountDecimals, "0")}`;
}

/**
 * An amount in units (a parameter such as a minimum withdrawal) as hundredths, rounded half up.
 * The product is cut to 6 decimals before rounding so binary noise cannot flip it:
 * 1.005 × 100 is 100.49999999999999 in floating point, and must still become 101.
 */
export function unitsToHundredths(units: number): Hundredths {
  return Math.round(Number((units * limits.hundredthsPerUnit).toFixed(6)));
}

/** One entry of the account wallet list: a balance type and its amount in hundredths. */
export interface WalletEntry {
  readonly type: string;
  readonly wallet: Hundredths;
}

/**
 * The balance of one type from the account wallet list; GOLD (gold shells) is the one the
 * product spends. A missing entry is an empty balance, not an error.
 */
export function walletBalanceOf(
  list: readonly WalletEntry[] | null | undefined,
  type: string = AccountType.GOLD,
): Hundredths {
  const entry = list?.find((e) => e.type === type);
  return entry && isHundredths(entry.wallet) ? entry.wallet : 0;
}
