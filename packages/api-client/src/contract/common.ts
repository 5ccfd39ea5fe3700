import {
  Gender,
  MessageKey,
  PaymentMethod,
  RechargeStatus,
  WatchLevel,
  WithdrawStatus,
  WithdrawType,
  limits,
  wholeNumberText,
} from "@platform/domain";
import { z } from "zod";

/**
 * Building blocks shared by every endpoint's schemas. Messages of validation failures are
 * `@platform/domain` message keys where the spec names the sentence, so the server can answer in
 * the caller's language.
 */

/**
 * A whole number from `min` up to the largest safe integer (ids are database bigserials, used as
 * JavaScript numbers), sent as a number or as digits, and always read as its canonical decimal text
 * (`wholeNumberText` of `@platform/domain`); anything else is refused with `refusal`, at the
 * boundary, before it can reach a query.
 */
export function ZWholeNumberText(min: number, refusal: string) {
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    const text = wholeNumberText(value, min);
    if (text === null) {
      ctx.issues.push({ code: "custom", message: refusal, input: value });
      return z.NEVER;
    }
    return text;
  });
}

/**
 * An id: a safe positive integer as canonical decimal text (`ZWholeNumberText` from 1). Ids travel
 * as text (database ids are 64-bit; JSON numbers are not); "0" is not an id.
 */
export const ZId = ZWholeNumberText(1, "not an id (a whole number from 1)");

/** The deepest page a list serves (page × size stays a small offset; nobody scrolls further). */
export const MAX_PAGE = 10_000;
/** A page number from 1. */
export const ZPageNumber = z.number().int().min(1).max(MAX_PAGE);

/** A count or position stored as a 32-bit integer (a play's renew count, milliseconds seen). */
export const ZInt32 = z.number().int().min(0).max(2_147_483_647);

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
export const ZEncryptedPassword = z
  .string()
  .min(16)
  .max(1024)
  .regex(/^[A-Za-z0-9+/=]+$/);
/** The one-time `sign` that came with the public key. */
export const ZSign = z
  .string()
  .min(8)
  .max(256)
  .regex(/^[\x21-\x7e]+$/);

export const ZChannelTagId = ZLine(32).default("0");

export const ZGender = z.enum(Gender);
export const ZWatchLevel = z.enum(WatchLevel);
export const ZPaymentMethod = z.enum(PaymentMethod);
export const ZWithdrawType = z.enum(WithdrawType);
export const ZRechargeStatus = z.enum(RechargeStatus);
export const ZWithdrawStatus = z.enum(WithdrawStatus);

/** The longest cursor a list hands out (a few keys of its sort order, base64url). */
export const MAX_CURSOR_LENGTH = 256;

/**
 * Where the next page of a list starts (decision 0016): opaque to the caller, made by the server
 * from the last record's sort keys, base64url.
 */
export const ZCursor = z
  .string()
  .min(1, { error: "not a cursor" })
  .max(MAX_CURSOR_LENGTH, { error: "not a cursor" })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "not a cursor" });

/**
 * Paged requests: `current` from 1, `size` defaults to the product's page size (10).
 *
 * `cursor` (decision 0016) asks for keyset paging: `null` for the first page, then each answer's
 * `cursor` for the next. Such pages are read from an index where the last one stopped, at any depth,
 * and come without `total` (nothing counts every row). Without `cursor`, `current` numbers the page
 * as before and the answer carries `total`.
 */
export const ZPageRequest = z.object({
  current: ZPageNumber.default(1),
  size: z.number().int().min(1).max(50).default(limits.pageSize),
  cursor: ZCursor.nullable().optional(),
});

export function ZPage<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    /** How many records the list has: only for pages asked for by number (`current`). */
    total: z.number().int().min(0).optional(),
    /**
     * Only with `total`, and only when true: the list was counted up to a horizon past this page
     * and goes on, so it holds at least `total` records ("10 000+"; decision 0033).
     */
    totalPlus: z.boolean().optional(),
    current: z.number().int().min(1),
    size: z.number().int().min(1),
    /** Keyset paging: where the next page starts; `null` when this page is the last. */
    cursor: ZCursor.nullable().optional(),
  });
}

/** A call that takes no body. */
export const ZEmpty = z.object({}).strict();
/** A call whose answer carries no data. */
export const ZNone = z.null();

/**
 * The envelope of every answer (HTTP 200): `code` 200 is success. A refusal also carries `msgKey`,
 * the stable key of its sentence, and `msgValues`, what fills it (so an app can word it itself).
 */
export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    data,
    msgKey: z.string().optional(),
    msgValues: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  });
}

/** An internal link (banners, menus, pictures): spec §2's link types. */
export const ZLink = z.object({
  linkType: z.string().nullable(),
  linkTarget: z.enum(["INNER_LINK", "OUTER_LINK"]).nullable(),
  linkUrl: z.string().nullable(),
});

/** The stored user info (`userInfo` in local storage) as the token endpoints return it. */
/** A picture that leads somewhere when tapped (member centre pictures, game banners; spec §3). */
export const ZJumpPicture = z.object({
  id: ZId,
  imageUrl: z.string(),
  jumpType: z.string().nullable(),
  jumpAdress: z.string().nullable(),
});

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

/**
 * Characters no text of ours may hold: C0 controls (NUL among them: PostgreSQL cannot store it)
 * other than tab, line feed and carriage return, DEL, C1 controls, the bidirectional embeddings,
 * overrides and isolates (they turn the text around them: a name or message could pass for
 * another), and lone UTF-16 surrogates (not characters).
 */
export const FORBIDDEN_IN_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Spaces and characters that show nothing (zero-width spaces and joiners, word joiner, BOM). */
const INVISIBLE_EDGES = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g;

/** A text without what shows nothing at either end: a message of zero-width spaces is empty. */
export function trimInvisible(text: string): string {
  return text.replace(INVISIBLE_EDGES, "");
}
/** What a one-line text (a name, a search, a title) may not hold besides: tabs and line breaks. */
const LINE_BREAK = /[\t\n\r]/;

/** Whether a text holds a character no text of ours may hold (see FORBIDDEN_IN_TEXT). */
export function hasForbiddenCharacter(text: string): boolean {
  return FORBIDDEN_IN_TEXT.test(text);
}

/**
 * Multi-line text of at most `max` characters as people count them (code points: one Chinese
 * character is one): line breaks and tabs allowed, control characters and NUL never.
 */
export function ZText(max: number) {
  return z
    .string()
    .refine((text) => !hasForbiddenCharacter(text), { error: "contains characters that cannot be used" })
    .refine((text) => Array.from(text).length <= max, { error: `at most ${String(max)} characters` });
}

/** One line of text (names, searches, titles): at most `max` code points, no control characters. */
export function ZLine(max: number) {
  return z
    .string()
    .overwrite(trimInvisible)
    .refine((text) => !hasForbiddenCharacter(text) && !LINE_BREAK.test(text), {
      error: "contains characters that cannot be used",
    })
    .refine((text) => Array.from(text).length <= max, { error: `at most ${String(max)} characters` });
}
