import { limits } from "./constants";
import { MessageKey, message } from "./messages";
import type { Message } from "./messages";
import { formatAmount } from "./money";
import type { Hundredths } from "./money";

/**
 * Validators of spec §5. Each returns the problem as a message key (with values where the wording
 * needs them) or null when the input is fine; none throws. Lengths count characters as people see
 * them (code points), so one Chinese character is one character.
 */
export type Validation = Message | null;

function lengthOf(text: string): number {
  return Array.from(text).length;
}

/**
 * A whole number from `min` up to the largest safe integer, given as a number or as decimal
 * digits, as its canonical decimal text ("007" → "7"); null for anything else ("abc", "1.5",
 * "1e20", "-1", 2^53). Ids travel as text: the contract's id schemas and the app's reading of an
 * id in an address both use this rule.
 */
export function wholeNumberText(value: number | string, min: number): string | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  const n = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(n) && n >= min ? String(n) : null;
}

const cnMobilePattern = /^1[3-9]\d{9}$/;

/** A mainland China mobile number: 11 digits, starting 13-19. */
export function isCnMobile(input: string): boolean {
  return cnMobilePattern.test(input.trim());
}

export function validatePhone(input: string): Validation {
  const phone = input.trim();
  if (phone === "") return message(MessageKey.phoneRequired);
  if (phone.length > limits.phoneMaxLength || !cnMobilePattern.test(phone))
    return message(MessageKey.phoneInvalid);
  return null;
}

/** Register and reset: 6-18 characters. */
export function validatePassword(input: string): Validation {
  const n = lengthOf(input);
  return n >= limits.passwordMinLength && n <= limits.passwordMaxLength
    ? null
    : message(MessageKey.passwordFormat);
}

/**
 * Whether a password being typed is already longer than any allowed (spec §5: 6-18): a form says
 * the rule at once rather than cutting what was typed (or pasted) without a word.
 */
export function isPasswordTooLong(input: string): boolean {
  return lengthOf(input) > limits.passwordMaxLength;
}

const sixDigits = new RegExp(`^[0-9]{${String(limits.digitPasswordLength)}}$`);

/** The 6-digit password of the set-password flows. */
export function validateDigitPassword(input: string): Validation {
  return sixDigits.test(input) ? null : message(MessageKey.passwordSixDigits);
}

const smsCode = new RegExp(`^[0-9]{${String(limits.smsCodeLength)}}$`);

/** Register and reset: exactly 4 digits. */
export function validateSmsCode(input: string): Validation {
  return smsCode.test(input.trim()) ? null : message(MessageKey.smsCodeFourDigits);
}

/** Code login asks only for at least 4 characters. */
export function validateLoginCode(input: string): Validation {
  return lengthOf(input.trim()) >= limits.codeLoginMinLength ? null : message(MessageKey.smsCodeFourDigits);
}

/** Password login: a valid phone and a non-empty password, the first problem first. */
export function validatePasswordLogin(input: {
  readonly phone: string;
  readonly password: string;
}): Validation {
  // Empty, or longer than any password can be (it would have been refused when set): the rule.
  const bad = input.password === "" || isPasswordTooLong(input.password);
  return validatePhone(input.phone) ?? (bad ? message(MessageKey.passwordFormat) : null);
}

export function validateComment(input: string): Validation {
  if (input.trim() === "") return message(MessageKey.commentRequired);
  return lengthOf(input) > limits.commentMaxLength
    ? message(MessageKey.commentTooLong, { max: limits.commentMaxLength })
    : null;
}

const folderNamePattern = /^[A-Za-z\p{Script=Han}]+$/u;

/** A favourites folder name: English letters or Chinese characters only, 2-16 of them. */
export function validateFolderName(input: string): Validation {
  const name = input.trim();
  if (name === "") return message(MessageKey.folderNameRequired);
  const n = lengthOf(name);
  return folderNamePattern.test(name) && n >= limits.folderNameMinLength && n <= limits.folderNameMaxLength
    ? null
    : message(MessageKey.folderNameFormat, {
        min: limits.folderNameMinLength,
        max: limits.folderNameMaxLength,
      });
}

export function validateVideoTitle(input: string): Validation {
  return input.trim() === "" ? message(MessageKey.titleRequired) : null;
}

/** Titles are advised, not forced, to stay within 20 characters: this is a hint, not an error. */
export function titleAdvice(input: string): Message | null {
  return lengthOf(input.trim()) > limits.titleAdvisedMaxLength
    ? message(MessageKey.titleTooLongAdvice, { max: limits.titleAdvisedMaxLength })
    : null;
}

export function validateIntroduction(input: string): Validation {
  return lengthOf(input) > limits.introductionMaxLength
    ? message(MessageKey.introductionTooLong, { max: limits.introductionMaxLength })
    : null;
}

export function validateCancelReason(input: string): Validation {
  return lengthOf(input) > limits.cancelReasonMaxLength
    ? message(MessageKey.cancelReasonTooLong, { max: limits.cancelReasonMaxLength })
    : null;
}

const amountPattern = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * A typed amount in units ("12", "12.5", "0.01") as hundredths, by string arithmetic: "0.29"
 * must be 29, which 0.29 × 100 in floating point is not. Anything else (more than two decimals, a
 * sign, an exponent, a bare ".5") is null.
 */
export function parseAmountInput(input: string): Hundredths | null {
  const m = amountPattern.exec(input.trim());
  if (!m) return null;
  const units = Number(m[1]);
  const fraction = Number((m[2] ?? "").padEnd(2, "0"));
  return units * 100 + fraction;
}

/** A typed amount: hundredths, or why it is not one. */
export type AmountReading =
  { readonly ok: true; readonly amount: Hundredths } | { readonly ok: false; readonly problem: Message };

/**
 * An amount typed in units ("12", "12.5") for any money form (a withdrawal, a recharge, a
 * transfer): its hundredths, or the problem — empty, or not a positive number with at most two
 * decimals.
 */
export function readAmountInput(input: string): AmountReading {
  if (input.trim() === "") return { ok: false, problem: message(MessageKey.amountRequired) };
  const amount = parseAmountInput(input);
  if (amount === null || amount === 0) return { ok: false, problem: message(MessageKey.amountFormat) };
  return { ok: true, amount };
}

export function validateWithdrawAmount(input: {
  readonly input: string;
  readonly minimumHundredths: Hundredths;
  readonly balanceHundredths: Hundredths;
}): Validation {
  const reading = readAmountInput(input.input);
  if (!reading.ok) return reading.problem;
  const amount = reading.amount;
  if (amount < input.minimumHundredths)
    return message(MessageKey.withdrawBelowMinimum, { minimum: formatAmount(input.minimumHundredths) });
  if (amount > input.balanceHundredths) return message(MessageKey.withdrawOverBalance);
  return null;
}

/** A bank card cannot be used for withdrawal before one is added. */
export function validateBankCardChosen(cardCount: number): Validation {
  return cardCount > 0 ? null : message(MessageKey.bankCardRequired);
}

/**
 * Image pickers accept image files only. SVG is refused although it is an image type: it can carry
 * script, and it would be shown to other people as a background or avatar.
 */
export function validateImageFile(file: { readonly type: string; readonly name: string }): Validation {
  const type = file.type.toLowerCase();
  return type.startsWith("image/") && !type.startsWith("image/svg") ? null : message(MessageKey.imageOnly);
}

/** Moving or removing needs at least one chosen video. */
export function validateVideoSelection(ids: readonly unknown[]): Validation {
  return ids.length > 0 ? null : message(MessageKey.chooseVideo);
}

export function validateFolderChosen(id: unknown): Validation {
  return id == null || id === "" ? message(MessageKey.chooseFolder) : null;
}

/** Account deletion: the agreement must be ticked before confirming. */
export function validateAgreement(ticked: boolean): Validation {
  return ticked ? null : message(MessageKey.agreementRequired);
}

/**
 * A bank card number as banks check it: 12-19 digits whose Luhn checksum holds (a typo in one
 * digit, or two neighbours swapped, fails).
 */
export function isValidCardNumber(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  return luhnSum(number) % 10 === 0;
}

/** The Luhn sum of a string of digits (every second digit from the right doubled). */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum;
}

/**
 * `digits` with the digit at `at` replaced so the Luhn checksum holds — a card number with chosen
 * last digits (the payment sandbox's test cards end in 0002, 0044, 0051…): tests and demos make
 * numbers nobody else has bound with it. `at` must be a position Luhn does not double (an even
 * number of digits after it), where every remainder has its digit.
 */
export function luhnBalanced(digits: string, at: number): string {
  if (!/^\d+$/.test(digits) || at < 0 || at >= digits.length || (digits.length - 1 - at) % 2 !== 0)
    throw new RangeError("luhnBalanced needs digits and an undoubled position in them");
  const without = `${digits.slice(0, at)}0${digits.slice(at + 1)}`;
  const digit = (10 - (luhnSum(without) % 10)) % 10;
  return `${digits.slice(0, at)}${String(digit)}${digits.slice(at + 1)}`;
}

/** A card shown as only its last four digits: "**** **** **** 1234". */
export function maskCardNumber(numberOrLast4: string): string {
  return `**** **** **** ${numberOrLast4.slice(-4)}`;
}
