/**
 * The operators' console's calls (`/api/admin/…`, Step 22): each one's path, who may make it and
 * its request and answer schemas. The server validates every request against them and the console
 * is typed by them. Times are ISO 8601 (UTC); money is integer hundredths; ids travel as text.
 */
import { z } from "zod";
import { ZId, ZLine, hasForbiddenCharacter } from "../contract/common";
import type { AdminEndpointName } from "./access";
import {
  ReportResolution,
  ReportTargetKind,
  ZAdjustment,
  ZAuditEntry,
  ZChatLine,
  ZDayFigures,
  ZLiveRoom,
  ZOperator,
  ZOrderRow,
  ZPerson,
  ZPersonRow,
  ZProfile,
  ZQueued,
  ZReportGroup,
  ZReviewDetail,
  ZStatementLine,
} from "./records";

/** An operator's reason for an act: one line, 1–200 characters. */
export const ZReason = ZLine(200).refine((text) => text.length > 0, { error: "a reason is needed" });

const ZPaging = {
  page: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
};
const ZTime = z.string();
/** A list's order: a column it may be sorted by, descending unless said (absent: the list's own order). */
function ZSort<const C extends readonly [string, ...string[]]>(columns: C) {
  return z.object({ by: z.enum(columns), desc: z.boolean().default(true) }).optional();
}

/** A search text: one line of at most 64 characters (empty: no filter). */
const ZSearch = ZLine(64).default("");

function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}

/** A password an operator signs in with: 1–128 characters, no control characters. */
const ZOperatorPassword = z
  .string()
  .min(1)
  .max(128)
  .refine((text) => !hasForbiddenCharacter(text));

const empty = z.object({}).strict();
const done = z.null();
const byVideo = z.object({ videoId: ZId });
const byPerson = z.object({ userId: ZId });

export const adminSchemas = {
  "auth.signIn": {
    request: z.object({
      login: ZLine(64).refine((text) => text.length > 0),
      password: ZOperatorPassword,
      /** The 6-digit code of the authenticator (absent on the first step). */
      code: z
        .string()
        .regex(/^\d{6}$/)
        .optional(),
    }),
    response: z.discriminatedUnion("status", [
      z.object({
        status: z.literal("signedIn"),
        token: z.string(),
        operator: ZOperator,
        idleMinutes: z.number().int(),
      }),
      /** Password right; the code is asked next. */
      z.object({ status: z.literal("codeNeeded") }),
      /** Password right, no authenticator yet: add this secret, then sign in with its code. */
      z.object({ status: z.literal("enrol"), secret: z.string(), uri: z.string() }),
    ]),
  },
  /**
   * The review command on the server's machine, while the server holds the embedded database
   * (decision 0032): the secret of `<DATA_DIR>/console-cli.json`, from the loopback address only,
   * opens a session of the command's operator (`cli-<user>`).
   */
  "auth.machine": {
    request: z.object({
      secret: z.string().min(16).max(128),
      user: ZLine(48).refine((t) => /^[\w.-]+$/.test(t)),
    }),
    response: z.object({ token: z.string() }),
  },
  "auth.me": {
    request: empty,
    response: z.object({ operator: ZOperator, idleMinutes: z.number().int() }),
  },
  "auth.signOut": { request: empty, response: done },
  "dashboard.summary": {
    request: z.object({ days: z.number().int().min(1).max(90).default(30) }),
    response: z.object({
      today: ZDayFigures,
      days: z.array(ZDayFigures),
      now: z.object({
        openReports: z.number().int(),
        reviewBacklog: z.number().int(),
        heldPayments: z.number().int(),
        pendingAdjustments: z.number().int(),
        liveRooms: z.number().int(),
      }),
    }),
  },
  "review.queue": { request: z.object(ZPaging), response: paged(ZQueued) },
  "review.detail": { request: byVideo, response: ZReviewDetail },
  "review.claim": { request: byVideo, response: ZQueued },
  "review.release": { request: byVideo, response: done },
  "review.approve": { request: byVideo, response: done },
  "review.reject": { request: byVideo.extend({ reason: ZReason }), response: done },
  "review.takedown": {
    request: byVideo.extend({ reason: ZReason }),
    response: z.object({ refunded: z.number().int() }),
  },
  "review.restore": { request: byVideo, response: done },
  "review.published": {
    request: z.object({ ...ZPaging, search: ZSearch, takenDown: z.boolean().default(false) }),
    response: paged(
      z.object({
        videoId: z.string(),
        title: z.string(),
        author: ZPerson,
        status: z.number().int(),
        watchLevel: z.string(),
        amount: z.number().int(),
        updatedAt: ZTime,
        statusReason: z.string().nullable(),
      }),
    ),
  },
  "reports.list": {
    request: z.object({
      ...ZPaging,
      open: z.boolean().default(true),
      targetType: z.enum(ReportTargetKind).optional(),
    }),
    response: paged(ZReportGroup),
  },
  "reports.resolve": {
    request: z.object({
      targetType: z.enum(ReportTargetKind),
      targetId: ZId,
      resolution: z.enum(ReportResolution),
      /** Said to the target's owner (a warning, a removal) and kept in the audit log. */
      reason: ZReason,
    }),
    response: z.object({ reports: z.number().int() }),
  },
  "people.search": {
    request: z.object({ ...ZPaging, search: ZSearch, sort: ZSort(["id", "nickName", "createdAt"]) }),
    response: paged(ZPersonRow),
  },
  "people.profile": { request: byPerson, response: ZProfile },
  "people.statement": {
    request: byPerson.extend(ZPaging),
    response: paged(ZStatementLine),
  },
  "people.orders": {
    request: byPerson.extend({ ...ZPaging, kind: z.enum(["recharge", "withdraw"]).default("recharge") }),
    response: paged(ZOrderRow),
  },
  "people.ban": { request: byPerson.extend({ reason: ZReason }), response: done },
  "people.unban": { request: byPerson.extend({ reason: ZReason }), response: done },
  "people.signOut": {
    request: byPerson.extend({ reason: ZReason }),
    response: z.object({ sessions: z.number().int() }),
  },
  "people.regenerateCard": { request: byPerson.extend({ reason: ZReason }), response: done },
  "people.unlock": { request: byPerson.extend({ reason: ZReason }), response: done },
  "money.orders": {
    request: z.object({
      ...ZPaging,
      kind: z.enum(["recharge", "withdraw"]),
      status: ZLine(32).default(""),
      search: ZSearch,
      sort: ZSort(["createdAt", "amount", "status"]),
    }),
    response: paged(ZOrderRow),
  },
  "money.held": { request: z.object(ZPaging), response: paged(ZOrderRow) },
  "money.creditHeld": { request: z.object({ orderNum: ZLine(64), reason: ZReason }), response: ZOrderRow },
  "money.refundHeld": { request: z.object({ orderNum: ZLine(64), reason: ZReason }), response: ZOrderRow },
  "money.failedPayouts": { request: z.object(ZPaging), response: paged(ZOrderRow) },
  "money.retryPayout": { request: z.object({ orderNum: ZLine(64), reason: ZReason }), response: ZOrderRow },
  "money.returnPayout": { request: z.object({ orderNum: ZLine(64), reason: ZReason }), response: ZOrderRow },
  "money.adjustments": {
    request: z.object({ ...ZPaging, pending: z.boolean().default(false) }),
    response: paged(ZAdjustment),
  },
  "money.adjust": {
    request: z.object({
      userId: ZId,
      balanceType: z.enum(["GOLD", "WALLET"]),
      /** Signed hundredths, never 0: at most ±1 000 000.00. */
      amount: z
        .number()
        .int()
        .min(-100_000_000)
        .max(100_000_000)
        .refine((n) => n !== 0),
      reason: ZReason,
    }),
    response: ZAdjustment,
  },
  "money.decideAdjustment": {
    request: z.object({ id: ZId, approve: z.boolean(), reason: ZReason }),
    response: ZAdjustment,
  },
  "money.reconcile": {
    request: empty,
    response: z.object({
      checkedAt: ZTime,
      drift: z.array(z.object({ check: z.string(), rows: z.number().int(), sample: z.string() })),
      totals: z.record(z.string(), z.number().int()),
    }),
  },
  "live.rooms": { request: z.object(ZPaging), response: paged(ZLiveRoom) },
  "live.chat": {
    request: z.object({ roomId: ZId }),
    response: z.array(ZChatLine),
  },
  "live.end": { request: z.object({ roomId: ZId, reason: ZReason }), response: done },
  "live.resetKey": { request: z.object({ roomId: ZId, reason: ZReason }), response: done },
  "live.removeMessage": { request: z.object({ messageId: ZId, reason: ZReason }), response: done },
  "live.mute": {
    request: z.object({
      roomId: ZId,
      userId: ZId,
      minutes: z.number().int().min(1).max(10_080),
      reason: ZReason,
    }),
    response: done,
  },
  "audit.search": {
    request: z.object({
      ...ZPaging,
      actor: ZLine(64).default(""),
      action: ZLine(64).default(""),
      targetType: ZLine(32).default(""),
      targetId: ZLine(64).default(""),
      sort: ZSort(["at", "actor", "action"]),
    }),
    response: paged(ZAuditEntry),
  },
} as const;

export type AdminRequest<K extends AdminEndpointName> = z.input<(typeof adminSchemas)[K]["request"]>;
/** A request as the server reads it (defaults filled). */
export type AdminParsed<K extends AdminEndpointName> = z.output<(typeof adminSchemas)[K]["request"]>;
export type AdminResponse<K extends AdminEndpointName> = z.output<(typeof adminSchemas)[K]["response"]>;

// The table of access and the schemas name exactly the same calls: an extra or a missing schema fails here.
type Extra = Exclude<keyof typeof adminSchemas, AdminEndpointName>;
type Missing = Exclude<AdminEndpointName, keyof typeof adminSchemas>;
export const adminSchemasNoExtra: [Extra] extends [never] ? true : Extra = true;
export const adminSchemasNoneMissing: [Missing] extends [never] ? true : Missing = true;
