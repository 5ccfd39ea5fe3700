import type { ProviderSettings } from "../providers/payments/http-provider";
import { group, orElse, orNull, setting, text, whole, withoutTrailingSlash, yuan, yuans } from "./setting";
import type { Read, Setting } from "./setting";
import { sandboxSettings } from "./sandbox";

/** Money in and out (Step 11): providers, limits and timings. */
export interface TradeSettings {
  /** The address people reach this server at (return and notify URLs); default: where it listens. */
  readonly publicUrl: string | null;
  readonly providers: Readonly<Record<"bank" | "eepay" | "merchant", ProviderSettings>>;
  /** A PAYING recharge unpaid this long is cancelled as expired. */
  readonly rechargeExpireMinutes: number;
  /** BANK_SM's range and the fixed amounts of EE_PAY and MERCHANT (hundredths). */
  readonly bankRange: { readonly min: number; readonly max: number };
  readonly fixedAmounts: readonly number[];
  /**
   * A payment is credited as paid only within its method's minimum and maximum and up to this
   * multiple of its order; anything else is held for an operator (decision 0023).
   */
  readonly paidMaxMultiple: number;
  /** Single withdrawal bounds (hundredths). */
  readonly withdrawMin: number;
  readonly withdrawMax: number;
  /** A reserved withdrawal is paid in the batch this long after it is asked (urging: at once). */
  readonly reservedDelaySeconds: number;
  /** The e-wallet withdrawal review (spec §9: 5-10 minutes). */
  readonly eepayReviewSeconds: number;
  readonly maxCardsPerUser: number;
  /** The sandbox's timings: settling, random delay of notifications, and sending each twice. */
  readonly sandboxSettleDelayMs: number;
  readonly sandboxJitterMs: number;
  readonly sandboxDuplicates: boolean;
}

/** PAY_<NAME>_URL and PAY_<NAME>_SECRET: one payment provider. */
function provider(
  name: string,
  what: string,
): { url: Setting<string | null>; secret: Setting<string | null> } {
  return {
    url: setting(`PAY_${name}_URL`, orNull(text), {
      default: "the sandbox here",
      description: `${what}: its address; required when the sandbox is off`,
    }),
    secret: setting(`PAY_${name}_SECRET`, orNull(text), {
      default: "the sandbox here",
      description: `${what}: the secret it signs with; required when the sandbox is off`,
    }),
  };
}

const providers = {
  bank: provider("BANK", "the bank gateway (BANK_SM, card checks, BANK_WITHDRAW payouts)"),
  eepay: provider("EEPAY", "the EEPay e-wallet (EE_PAY, EEPAY_WITHDRAW)"),
  merchant: provider("MERCHANT", "the merchant acquirer (MERCHANT, GOLD_WITHDRAW payouts)"),
};

/** Recharges, withdrawals and the payment providers. */
export const moneySettings = {
  publicUrl: setting("PUBLIC_URL", orNull(withoutTrailingSlash), {
    default: "where it listens",
    description:
      "the address people and providers reach this server at (payment pages' return URL, providers' notify URL)",
  }),
  bankUrl: providers.bank.url,
  bankSecret: providers.bank.secret,
  eepayUrl: providers.eepay.url,
  eepaySecret: providers.eepay.secret,
  merchantUrl: providers.merchant.url,
  merchantSecret: providers.merchant.secret,
  rechargeExpireMinutes: setting("RECHARGE_EXPIRE_MINUTES", orElse(whole(), 30), {
    default: "`30`",
    description:
      "a PAYING recharge unpaid this long is cancelled as expired (a later payment is still credited)",
  }),
  bankMin: setting("RECHARGE_BANK_MIN", orElse(yuan, 1000), {
    default: "`10` (yuan)",
    description: "the least of BANK_SM's range (RANGE price type)",
  }),
  bankMax: setting("RECHARGE_BANK_MAX", orElse(yuan, 5_000_000), {
    default: "`50000` (yuan)",
    description: "the most of BANK_SM's range (RANGE price type)",
  }),
  fixedAmounts: setting("RECHARGE_AMOUNTS", orElse(yuans, [1000, 5000, 10_000, 20_000, 50_000, 100_000]), {
    default: "`10,50,100,200,500,1000` (yuan)",
    description: "EE_PAY's and MERCHANT's fixed amounts (NORMAL price type)",
  }),
  paidMaxMultiple: setting("RECHARGE_PAID_MAX_MULTIPLE", orElse(whole(), 2), {
    default: "`2`",
    description:
      "a payment is credited only within its method's range and up to this multiple of its order; else HELD",
  }),
  withdrawMin: setting("WITHDRAW_MIN", orElse(yuan, 1000), {
    default: "`10` (yuan)",
    description: "the least single withdrawal",
  }),
  withdrawMax: setting("WITHDRAW_MAX", orElse(yuan, 5_000_000), {
    default: "`50000` (yuan)",
    description: "the most single withdrawal",
  }),
  reservedDelaySeconds: setting("WITHDRAW_RESERVED_DELAY_SECONDS", orElse(whole(0), 3600), {
    default: "`3600`",
    description: "a RESERVED withdrawal is paid in the batch this long after it is asked (urging: at once)",
  }),
  eepayReviewSeconds: setting("EEPAY_REVIEW_SECONDS", orElse(whole(0), 300), {
    default: "`300`",
    description: "the e-wallet withdrawal review before its payout",
  }),
  maxCardsPerUser: setting("MAX_CARDS_PER_USER", orElse(whole(), 5), {
    default: "`5`",
    description: "bank cards one person may keep",
  }),
};

export const moneyGroup = group("Money in and out", moneySettings);

/** Reads one pair of bounds, refusing a maximum below its minimum. */
function range(read: Read, min: Setting<number>, max: Setting<number>): { min: number; max: number } {
  const bounds = { min: read(min), max: read(max) };
  if (bounds.max < bounds.min) throw new Error(`${max.name} must not be below ${min.name}`);
  return bounds;
}

/** Without the sandbox, every provider must be named with its secret. */
export function tradeOf(read: Read, sandbox: boolean): TradeSettings {
  const s = moneySettings;
  const withdraw = range(read, s.withdrawMin, s.withdrawMax);
  const bankRange = range(read, s.bankMin, s.bankMax);
  const providerOf = ({ url, secret }: (typeof providers)["bank"]): ProviderSettings => {
    const settings = { url: read(url), secret: read(secret) };
    if (!sandbox && (!settings.url || !settings.secret))
      throw new Error(`${url.name} and ${secret.name} are needed when SANDBOX is off`);
    return settings;
  };
  return {
    publicUrl: read(s.publicUrl),
    providers: {
      bank: providerOf(providers.bank),
      eepay: providerOf(providers.eepay),
      merchant: providerOf(providers.merchant),
    },
    rechargeExpireMinutes: read(s.rechargeExpireMinutes),
    bankRange,
    fixedAmounts: read(s.fixedAmounts),
    paidMaxMultiple: read(s.paidMaxMultiple),
    withdrawMin: withdraw.min,
    withdrawMax: withdraw.max,
    reservedDelaySeconds: read(s.reservedDelaySeconds),
    eepayReviewSeconds: read(s.eepayReviewSeconds),
    maxCardsPerUser: read(s.maxCardsPerUser),
    sandboxSettleDelayMs: read(sandboxSettings.settleDelayMs),
    sandboxJitterMs: read(sandboxSettings.jitterMs),
    sandboxDuplicates: read(sandboxSettings.duplicates),
  };
}
