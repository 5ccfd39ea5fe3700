import { describe, expect, it } from "vitest";
import { isMobileUserAgent, limits } from "./constants";
import { AccountType, WatchLevel, defaultLanguage, defaultTheme, isOneOf } from "./enums";
import { InternalLinkType, internalLinkTypes } from "./enums-on-demand";
import { PaymentMethod, UrgeState, paymentMethods, withdrawTypes } from "./trade";
import { allMessageKeys, message, MessageKey } from "./messages";

describe("enumerations of spec §3", () => {
  it("carry the spec's values", () => {
    expect(paymentMethods).toEqual(["EE_PAY", "BANK_SM", "MERCHANT", "GOLD"]);
    expect(withdrawTypes).toEqual(["BANK_WITHDRAW", "EEPAY_WITHDRAW", "GOLD_WITHDRAW"]);
    expect(Object.values(AccountType)).toEqual(["WALLET", "GOLD"]);
    expect(UrgeState).toEqual({ PRESS: 1, DONE: 2 });
    expect(Object.values(WatchLevel)).toEqual(["FREE", "SVIP", "CHARGE"]);
    expect(internalLinkTypes).toHaveLength(10);
    expect(defaultLanguage).toBe("zhCN");
    expect(defaultTheme).toBe("dark");
  });

  it.each([
    [paymentMethods, "GOLD", true],
    [paymentMethods, "gold", false],
    [paymentMethods, null, false],
    [internalLinkTypes, InternalLinkType.CONDO, true],
  ] as const)("isOneOf(%j, %s) → %s", (values, value, expected) => {
    expect(isOneOf(values, value)).toBe(expected);
  });

  it("narrows", () => {
    const raw: unknown = "EE_PAY";
    if (isOneOf(paymentMethods, raw)) expect(raw).toBe(PaymentMethod.EE_PAY);
    else expect.unreachable();
  });
});

describe("isMobileUserAgent", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", true],
    ["Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)", true],
    ["Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0)", true],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8)", true],
    ["Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0", false],
    ["", false],
  ])("%s → %s", (ua, expected) => {
    expect(isMobileUserAgent(ua)).toBe(expected);
  });
});

describe("messages", () => {
  it("keys are unique", () => {
    expect(new Set(allMessageKeys).size).toBe(allMessageKeys.length);
  });
  it("builds a message with or without values", () => {
    expect(message(MessageKey.justNow)).toEqual({ key: "time.justNow" });
    expect(message(MessageKey.minutesAgo, { count: 3 })).toEqual({
      key: "time.minutesAgo",
      values: { count: 3 },
    });
  });
  it("spec §9 numbers", () => {
    expect(limits).toMatchObject({
      requestTimeoutMs: 30_000,
      minimumResponseMs: 300,
      refreshRetryDelayMs: 1_000,
      smsResendSeconds: 60,
      commentMaxLength: 500,
      loadMoreThresholdPx: 80,
      badgeMax: 99,
    });
  });
});
