import { describe, expect, it } from "vitest";
import { MessageKey } from "./messages";
import {
  isCnMobile,
  isValidCardNumber,
  luhnBalanced,
  isPasswordTooLong,
  parseAmountInput,
  readAmountInput,
  titleAdvice,
  validateAgreement,
  validateBankCardChosen,
  validateCancelReason,
  validateComment,
  validateDigitPassword,
  validateFolderChosen,
  validateFolderName,
  validateImageFile,
  validateIntroduction,
  validateLoginCode,
  validatePassword,
  validatePasswordLogin,
  validatePhone,
  validateSmsCode,
  validateVideoSelection,
  validateVideoTitle,
  validateWithdrawAmount,
  wholeNumberText,
} from "./validation";

const key = (m: { key: string } | null) => m?.key ?? null;

describe("validatePhone", () => {
  it.each([
    ["", MessageKey.phoneRequired],
    ["   ", MessageKey.phoneRequired],
    ["1381234567", MessageKey.phoneInvalid], // 10 digits
    ["13812345678", null], // 11
    ["138123456789", MessageKey.phoneInvalid], // 12
    [" 13812345678 ", null], // trimmed
    ["19912345678", null],
    ["12812345678", MessageKey.phoneInvalid], // second digit 2
    ["23812345678", MessageKey.phoneInvalid], // leading 2
    ["1381234567a", MessageKey.phoneInvalid],
    ["+8613812345678", MessageKey.phoneInvalid],
  ])("%j → %s", (input, expected) => {
    expect(key(validatePhone(input))).toBe(expected);
    expect(isCnMobile(input)).toBe(expected === null);
  });
});

describe("validatePassword (6-18)", () => {
  it.each([
    ["", MessageKey.passwordFormat],
    ["12345", MessageKey.passwordFormat],
    ["123456", null],
    ["a".repeat(18), null],
    ["a".repeat(19), MessageKey.passwordFormat],
    ["密码密码密码", null], // six Chinese characters are six characters
    ["密码密码密", MessageKey.passwordFormat],
    ["😀😀😀😀😀😀", null], // code points, not UTF-16 units
  ])("%j → %s", (input, expected) => {
    expect(key(validatePassword(input))).toBe(expected);
  });
});

describe("isPasswordTooLong (past 18, said at once)", () => {
  it.each([
    ["", false],
    ["a".repeat(18), false],
    ["a".repeat(19), true],
    ["😀".repeat(18), false], // code points, as validatePassword counts them
    ["😀".repeat(19), true],
  ])("%j → %s", (input, expected) => {
    expect(isPasswordTooLong(input)).toBe(expected);
  });
});

describe("validateDigitPassword (exactly 6 digits)", () => {
  it.each([
    ["123456", null],
    ["12345", MessageKey.passwordSixDigits],
    ["1234567", MessageKey.passwordSixDigits],
    ["12345a", MessageKey.passwordSixDigits],
    ["１２３４５６", MessageKey.passwordSixDigits], // full-width digits
  ])("%j → %s", (input, expected) => {
    expect(key(validateDigitPassword(input))).toBe(expected);
  });
});

describe("SMS codes", () => {
  it.each([
    ["1234", null],
    ["123", MessageKey.smsCodeFourDigits],
    ["12345", MessageKey.smsCodeFourDigits],
    ["12a4", MessageKey.smsCodeFourDigits],
    ["", MessageKey.smsCodeFourDigits],
  ])("register/reset code %j → %s", (input, expected) => {
    expect(key(validateSmsCode(input))).toBe(expected);
  });

  it.each([
    ["123", MessageKey.smsCodeFourDigits],
    ["1234", null],
    ["123456", null], // at least 4
    ["  12 ", MessageKey.smsCodeFourDigits],
  ])("login code %j → %s", (input, expected) => {
    expect(key(validateLoginCode(input))).toBe(expected);
  });
});

describe("validatePasswordLogin", () => {
  it.each([
    ["", "secret1", MessageKey.phoneRequired],
    ["138", "secret1", MessageKey.phoneInvalid],
    ["13812345678", "", MessageKey.passwordFormat],
    ["", "", MessageKey.phoneRequired], // the phone first
    ["13812345678", "x", null], // login does not re-check the format of an existing password
    ["13812345678", "a".repeat(18), null],
    ["13812345678", "a".repeat(19), MessageKey.passwordFormat], // longer than any password can be
  ])("phone %j, password %j → %s", (phone, password, expected) => {
    expect(key(validatePasswordLogin({ phone, password }))).toBe(expected);
  });
});

describe("validateComment (≤ 500)", () => {
  it.each([
    ["", MessageKey.commentRequired],
    ["  \n ", MessageKey.commentRequired],
    ["好", null],
    ["a".repeat(500), null],
    ["a".repeat(501), MessageKey.commentTooLong],
    ["评".repeat(500), null],
  ])("%#: → %s", (input, expected) => {
    expect(key(validateComment(input))).toBe(expected);
  });

  it("says the limit", () => {
    expect(validateComment("a".repeat(501))?.values).toEqual({ max: 500 });
  });
});

describe("validateFolderName (letters or Chinese, 2-16)", () => {
  it.each([
    ["", MessageKey.folderNameRequired],
    ["  ", MessageKey.folderNameRequired],
    ["a", MessageKey.folderNameFormat],
    ["ab", null],
    ["收藏", null],
    ["a".repeat(16), null],
    ["a".repeat(17), MessageKey.folderNameFormat],
    ["我的Favorites", null],
    ["My Videos", MessageKey.folderNameFormat], // a space inside
    ["videos2", MessageKey.folderNameFormat],
    ["搞笑😀", MessageKey.folderNameFormat],
    ["<b>", MessageKey.folderNameFormat],
    [" ab ", null], // trimmed
  ])("%j → %s", (input, expected) => {
    expect(key(validateFolderName(input))).toBe(expected);
  });

  it("says the rule's bounds", () => {
    expect(validateFolderName("a")?.values).toEqual({ min: 2, max: 16 });
  });
});

describe("video texts", () => {
  it.each([
    ["", MessageKey.titleRequired],
    [" ", MessageKey.titleRequired],
    ["A title", null],
  ])("title %j → %s", (input, expected) => {
    expect(key(validateVideoTitle(input))).toBe(expected);
  });

  it.each([
    ["a".repeat(20), null],
    ["a".repeat(21), MessageKey.titleTooLongAdvice],
    ["标".repeat(21), MessageKey.titleTooLongAdvice],
  ])("title advice for %j → %s", (input, expected) => {
    expect(key(titleAdvice(input))).toBe(expected);
  });

  it.each([
    ["", null],
    ["a".repeat(800), null],
    ["a".repeat(801), MessageKey.introductionTooLong],
  ])("introduction of %#: → %s", (input, expected) => {
    expect(key(validateIntroduction(input))).toBe(expected);
  });

  it.each([
    ["", null],
    ["a".repeat(50), null],
    ["a".repeat(51), MessageKey.cancelReasonTooLong],
  ])("cancel reason %# → %s", (input, expected) => {
    expect(key(validateCancelReason(input))).toBe(expected);
  });
});

describe("amounts", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.34", 1234],
    ["0.01", 1],
    ["0.29", 29],
    ["0", 0],
    [" 7 ", 700],
    ["12.345", null],
    ["-1", null],
    ["1e3", null],
    [".5", null],
    ["12.", null],
    ["abc", null],
    ["", null],
  ])("%j → %s hundredths", (input, expected) => {
    expect(parseAmountInput(input)).toBe(expected);
  });

  const rules = { minimumHundredths: 10_000, balanceHundredths: 50_000 };
  it.each([
    ["", MessageKey.amountRequired],
    ["abc", MessageKey.amountFormat],
    ["0", MessageKey.amountFormat],
    ["99.99", MessageKey.withdrawBelowMinimum],
    ["100", null],
    ["500.00", null],
    ["500.01", MessageKey.withdrawOverBalance],
  ])("withdraw %j → %s", (input, expected) => {
    expect(key(validateWithdrawAmount({ input, ...rules }))).toBe(expected);
  });

  it.each([
    ["", MessageKey.amountRequired],
    [" ", MessageKey.amountRequired],
    ["abc", MessageKey.amountFormat],
    ["0.00", MessageKey.amountFormat],
    ["12.345", MessageKey.amountFormat],
  ])("reads %j as no amount: %s", (input, expected) => {
    expect(readAmountInput(input)).toEqual({ ok: false, problem: { key: expected } });
  });

  it("reads an amount for any money form in hundredths", () => {
    expect(readAmountInput(" 12.5 ")).toEqual({ ok: true, amount: 1250 });
  });

  it("says the minimum in gold shells with two decimals", () => {
    expect(validateWithdrawAmount({ input: "1", ...rules })?.values).toEqual({ minimum: "100.00" });
  });

  it.each([
    [0, MessageKey.bankCardRequired],
    [1, null],
  ])("%s bank cards → %s", (count, expected) => {
    expect(key(validateBankCardChosen(count))).toBe(expected);
  });
});

describe("choices", () => {
  it.each([
    [{ type: "image/png", name: "a.png" }, null],
    [{ type: "image/jpeg", name: "a.jpg" }, null],
    [{ type: "IMAGE/WEBP", name: "a.webp" }, null],
    [{ type: "image/svg+xml", name: "a.svg" }, MessageKey.imageOnly],
    [{ type: "video/mp4", name: "a.mp4" }, MessageKey.imageOnly],
    [{ type: "", name: "a.png" }, MessageKey.imageOnly],
  ])("file %j → %s", (file, expected) => {
    expect(key(validateImageFile(file))).toBe(expected);
  });

  it.each([
    [[], MessageKey.chooseVideo],
    [[1], null],
  ])("videos %j → %s", (ids, expected) => {
    expect(key(validateVideoSelection(ids))).toBe(expected);
  });

  it.each([
    [null, MessageKey.chooseFolder],
    [undefined, MessageKey.chooseFolder],
    ["", MessageKey.chooseFolder],
    [0, null],
    ["f1", null],
  ])("folder %j → %s", (id, expected) => {
    expect(key(validateFolderChosen(id))).toBe(expected);
  });

  it.each([
    [false, MessageKey.agreementRequired],
    [true, null],
  ])("agreement ticked %s → %s", (ticked, expected) => {
    expect(key(validateAgreement(ticked))).toBe(expected);
  });
});

describe("wholeNumberText (ids as canonical digits)", () => {
  it.each([
    ["007", 0, "7"],
    [" 42 ", 1, "42"],
    [42, 1, "42"],
    ["0", 0, "0"],
    ["0", 1, null],
    ["-1", 0, null],
    ["1.5", 0, null],
    [1e21, 0, null],
    ["abc", 0, null],
    ["9007199254740991", 1, "9007199254740991"],
    ["9007199254740992", 1, null],
  ] as const)("%j from %d → %j", (value, min, expected) => {
    expect(wholeNumberText(value, min)).toBe(expected);
  });
});

describe("card numbers (Luhn)", () => {
  it.each([
    ["622202000000090008", true],
    ["622202000000090009", false], // one digit off
    ["622202000000090080", false], // neighbours swapped (Luhn misses only 09 ↔ 90)
    ["12345678901", false], // too short
    ["62220200000009000a", false],
  ] as const)("%s valid: %s", (number, valid) => {
    expect(isValidCardNumber(number)).toBe(valid);
  });

  it("balances a number at a digit Luhn does not double, keeping the last four", () => {
    for (const last4 of ["0002", "0044", "0051", "0008"]) {
      for (let n = 0; n < 50; n++) {
        const made = luhnBalanced(`6222${String(n).padStart(9, "0")}0${last4}`, 13);
        expect(isValidCardNumber(made)).toBe(true);
        expect(made.endsWith(last4)).toBe(true);
        expect(made.slice(0, 13)).toBe(`6222${String(n).padStart(9, "0")}`);
      }
    }
    // Doubled positions, positions outside the number and non-digits are refused.
    expect(() => luhnBalanced("622202000000090008", 12)).toThrow(RangeError);
    expect(() => luhnBalanced("622202000000090008", 18)).toThrow(RangeError);
    expect(() => luhnBalanced("6222x", 0)).toThrow(RangeError);
  });
});
