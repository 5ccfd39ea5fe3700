import { z } from "zod";
import { limits } from "@platform/domain";
import { group, orElse, orNull, setting, text, whole } from "./setting";
import type { Read } from "./setting";

/** How many of something a fixed window allows. */
export interface RateBudget {
  readonly perMinute: number;
  readonly perHour: number;
  readonly perDay: number;
}

const budgetRefusal =
  "must be three whole numbers of at least 1: per minute, per hour, per day (e.g. 5,20,50)";
const count = whole(1, { refusal: budgetRefusal });

/** "per minute,per hour,per day", e.g. "5,20,50" (or with slashes or spaces). */
const budget = z
  .string()
  .transform((value) => value.split(/[,/\s]+/))
  .pipe(z.tuple([count, count, count], { error: budgetRefusal }))
  .transform(([perMinute, perHour, perDay]): RateBudget => ({ perMinute, perHour, perDay }));

/** The SMS gateway and the budgets that keep codes from being pumped or guessed. */
export const smsSettings = {
  gatewayUrl: setting("SMS_GATEWAY_URL", orNull(text), {
    default: "—",
    description: "the real SMS gateway's address, required when the sandbox is off",
  }),
  gatewayKey: setting("SMS_GATEWAY_KEY", orNull(text), {
    default: "—",
    description: "the real SMS gateway's key",
  }),
  sendPerAddress: setting("SMS_SEND_PER_ADDRESS", orElse(budget, { perMinute: 5, perHour: 20, perDay: 50 }), {
    default: "`5,20,50`",
    description: "codes one client address may have sent per minute, hour, day",
  }),
  sendGlobal: setting("SMS_SEND_GLOBAL", orElse(budget, { perMinute: 100, perHour: 2000, perDay: 20000 }), {
    default: "`100,2000,20000`",
    description: "codes everyone together may have sent per minute, hour, day",
  }),
  resendSeconds: setting("SMS_RESEND_SECONDS", orElse(whole(0), limits.smsResendSeconds), {
    default: `\`${String(limits.smsResendSeconds)}\` (spec §9)`,
    description: "the wait before one phone can be sent another code; tests shorten it",
  }),
  sendsPerPhonePerDay: setting("SMS_SENDS_PER_PHONE_PER_DAY", orElse(whole(), 10), {
    default: "`10`",
    description: "codes one phone receives per day",
  }),
  wrongCodesPerPhonePerDay: setting("SMS_WRONG_CODES_PER_PHONE_PER_DAY", orElse(whole(), 10), {
    default: "`10`",
    description:
      "wrong codes tried against one phone for one purpose per day; then that purpose's codes are not checked until the day ends",
  }),
  wrongCodesPerAddressPerHour: setting("SMS_WRONG_CODES_PER_ADDRESS_PER_HOUR", orElse(whole(), 20), {
    default: "`20`",
    description:
      "wrong codes strangers (sign-in, registration, reset) may try from one address per hour; the signed-in owner's codes are not counted here",
  }),
};

export const smsGroup = group("Text messages", smsSettings);

export interface SmsPart {
  /** A real SMS gateway (used when the sandbox is off). */
  readonly smsGatewayUrl: string | null;
  readonly smsGatewayKey: string | null;
  /** SMS sends allowed per minute / hour / day: from one address, and from everyone together. */
  readonly smsSendPerAddress: RateBudget;
  readonly smsSendGlobal: RateBudget;
  /** The wait before a phone can be sent another code (spec §9: 60 s; shorter only for tests). */
  readonly smsResendSeconds: number;
  /**
   * Codes sent to one phone per day; wrong codes tried against one phone for one purpose per day;
   * wrong codes tried by strangers (sign-in, registration, reset) from one address per hour.
   */
  readonly smsSendsPerPhonePerDay: number;
  readonly smsWrongCodesPerPhonePerDay: number;
  readonly smsWrongCodesPerAddressPerHour: number;
}

export function smsOf(read: Read): SmsPart {
  const s = smsSettings;
  return {
    smsGatewayUrl: read(s.gatewayUrl),
    smsGatewayKey: read(s.gatewayKey),
    smsSendPerAddress: read(s.sendPerAddress),
    smsSendGlobal: read(s.sendGlobal),
    smsResendSeconds: read(s.resendSeconds),
    smsSendsPerPhonePerDay: read(s.sendsPerPhonePerDay),
    smsWrongCodesPerPhonePerDay: read(s.wrongCodesPerPhonePerDay),
    smsWrongCodesPerAddressPerHour: read(s.wrongCodesPerAddressPerHour),
  };
}
