import {
  Gender,
  MessageKey,
  PaymentMethod,
  RechargeStatus,
  WatchLevel,
  WithdrawStatus,
  WithdrawType,
  limits,
} from "@platform/domain";
import { z } from "zod";

/**
 * Building blocks shared by every endpoint's schemas. Messages of validation failures are
 * `@platform/domain` message keys where the spec names the sentence, so the server can answer in
 * the caller's language.
 */

/** Every id travels as text (database ids are 64-bit; JSON numbers are not). */
export const ZId = z.string().trim().min(1).max(64);

/** An amount in integer hundredths (spec §9): never a float, never negative here. */
export const ZHundredths = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** An amount that must be more than nothing (recharges, withdrawals, transfers). */
export const ZPositiveHundredths = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A signed amount in hundredths (ledger entries, differences). */
export const ZSignedHundredths = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** Times as the server writes them: "YYYY-MM-DD HH:mm:ss" in the caller's time zone. */
export const ZDateTime = z.string();

export const ZPhone = z
  .string({ error: MessageKey.phoneRequired })
  .trim()
  .min(1, { error: MessageKey.phoneRequired, abort: true })
  .regex(/^1[3-9]\d{9}$/, { error: MessageKey.phoneInvalid });

export const ZSmsCode = z
  .string({ error: MessageKey.smsCodeFourDigits })
  .regex(/^\d{4}$/, { error: MessageKey.smsCodeFourDigits });

/** An RSA-OAEP ciphertext (base64) of a password, from `getKey`'s public key. */
export const ZEncryptedPassword = z.string().min(16).max(1024);
/** The one-time `sign` that came with the public key. */
export const ZSign = z.string().min(8).max(256);

export const ZChannelTagId = z.string().trim().max(32).default("0");

export const ZGender = z.enum(Gender);
export const ZWatchLevel = z.enum(WatchLevel);
export const ZPaymentMethod = z.enum(PaymentMethod);
export const ZWithdrawType = z.enum(WithdrawType);
export const ZRechargeStatus = z.enum(RechargeStatus);
export const ZWithdrawStatus = z.enum(WithdrawStatus);

/** Paged requests: `current` from 1, `size` defaults to the product's page size (10). */
export const ZPageRequest = z.object({
  current: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(50).default(limits.pageSize),
});

export function ZPage<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int().min(0),
    current: z.number().int().min(1),
    size: z.number().int().min(1),
  });
}

/** A call that takes no body. */
export const ZEmpty = z.object({}).strict();
/** A call whose answer carries no data. */
export const ZNone = z.null();

/** The envelope of every answer (HTTP 200): `code` 200 is success. */
export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** An internal link (banners, menus, pictures): spec §2's link types. */
export const ZLink = z.object({
  linkType: z.string().nullable(),
  linkTarget: z.enum(["INNER_LINK", "OUTER_LINK"]).nullable(),
  linkUrl: z.string().nullable(),
});

/** The stored user info (`userInfo` in local storage) as the token endpoints return it. */
export const ZUserInfo = z.object({
  id: ZId,
  mobile: z.string(),
  nickName: z.string(),
  avatarFileUrl: z.string().nullable(),
  channelTagId: z.string(),
  memberId: z.string(),
  isVip: z.boolean(),
});

/** What every token endpoint answers (spec §3 credentials). */
export const ZCredentials = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("bearer"),
  /** Seconds until the access token expires. */
  expires_in: z.number().int().positive(),
  scope: z.string(),
  /** Null for a guest (client) session. */
  user_info: ZUserInfo.nullable(),
});

/** Text of at most `max` characters as people count them (code points: one Chinese character is one). */
export function ZText(max: number) {
  return z
    .string()
    .refine((text) => Array.from(text).length <= max, { error: `at most ${String(max)} characters` });
}
