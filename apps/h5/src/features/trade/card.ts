/** Card numbers are 12-19 digits (the contract's rule). */
export const CARD_NUMBER_LENGTH = { min: 12, max: 19 } as const;
/** The holder's and the bank's names, as the contract bounds them. */
export const CARDHOLDER_LENGTH = { min: 2, max: 32 } as const;
export const BANK_NAME_LENGTH = { min: 2, max: 64 } as const;

/** The digits of a typed card number: spaces and dashes people type between groups are dropped. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** The Luhn check digit rule every bank card number follows (a mistyped digit fails it). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardNumberProblem = "required" | "format" | "checksum";

/** What is wrong with a typed card number, if anything: empty, not 12-19 digits, or a failed Luhn check. */
export function cardNumberProblem(input: string): CardNumberProblem | null {
  const digits = cardDigits(input);
  if (digits === "") return "required";
  if (
    !/^\d+$/.test(digits) ||
    digits.length < CARD_NUMBER_LENGTH.min ||
    digits.length > CARD_NUMBER_LENGTH.max
  )
    return "format";
  return luhnValid(digits) ? null : "checksum";
}

/** A name's length as people count characters (one Chinese character is one). */
export function nameLength(input: string): number {
  return Array.from(input.trim()).length;
}
