/**
 * The operators' console's calls (`/api/admin/…`, Step 22): each one's path, who may make it and
 * its request and answer schemas. The server validates every request against them and the console
 * is typed by them. Times are ISO 8601 (UTC); money is integer hundredths; ids travel as text.
 */
import { z } from "zod";
import { ZId, ZLine, hasForbiddenCharacter } from "../contract/common";
import { operatorRoles } from "./roles";
import type { AdminEndpointName } from "./access";

/** An operator's reason for an act: one line, 1–200 characters. */
export const ZReason = ZLine(200).refine((text) => text.length > 0, { error: "a reason is needed" });

const ZPaging = {
  page: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
};
const ZTime = z.string();
const ZNullableTime = ZTime.nullable();
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

export const ZOperator = z.object({
  id: z.string(),
  login: z.string(),
  name: z.string(),
  role: z.enum(operatorRoles),
});
export type AdminOperator = z.output<typeof ZOperator>;

const ZPerson = z.object({ id: z.string(), nickName: z.string(), memberId: z.string() });

export const ZAuditEntry = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  address: z.string().nullable(),
  requestId: z.string().nullable(),
  at: ZTime,
});
export type AuditEntry = z.output<typeof ZAuditEntry>;

const ZDayFigures = z.object({
  day: z.string(),
  signUps: z.number().int(),
  activeViewers: z.number().int(),
  plays: z.number().int(),
  recharges: z.number().int(),
  revenue: z.number().int(),
  payouts: z.number().int(),
  membershipSales: z.number().int(),
});
export type DayFigures = z.output<typeof ZDayFigures>;

const ZQueued = z.object({
  videoId: z.string(),
  kind: z.enum(["video", "edit"]),
  status: z.number().int(),
  title: z.string(),
  author: ZPerson,
  waitingSince: ZTime,
  claimedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  claimExpiresAt: ZNullableTime,
});
export type QueuedVideo = z.output<typeof ZQueued>;

const ZReviewDetail = ZQueued.extend({
  introduction: z.string(),
  tags: z.array(z.string()),
  watchLevel: z.string(),
  amount: z.number().int(),
  freeTimeMs: z.number().int(),
  lengthMs: z.number().int(),
  coverUrl: z.string().nullable(),
  /** Each rendition's playlist, for the operator (`?token=` is added by the client). */
  renditions: z.array(z.object({ name: z.string(), url: z.string() })),
  statusReason: z.string().nullable(),
});
export type ReviewDetail = z.output<typeof ZReviewDetail>;

export const ReportTargetKind = ["COMMENT", "USER", "VIDEO", "LIVE"] as const;
export const ReportResolution = ["REMOVED", "WARNED", "DISMISSED"] as const;

const ZReportGroup = z.object({
  targetType: z.enum(ReportTargetKind),
  targetId: z.string(),
  /** What is reported, as the app shows it (a comment's text, a video's title, a name). */
  summary: z.string(),
  owner: ZPerson.nullable(),
  count: z.number().int(),
  reasons: z.record(z.string(), z.number().int()),
  firstAt: ZTime,
  lastAt: ZTime,
  /** The target is gone already (deleted by its owner or removed). */
  gone: z.boolean(),
});
export type ReportGroup = z.output<typeof ZReportGroup>;

const ZBalances = z.object({
  GOLD: z.number().int(),
  WALLET: z.number().int(),
  GAME: z.number().int(),
  GAME_BONUS: z.number().int(),
});

const ZPersonRow = ZPerson.extend({
  mobile: z.string(),
  createdAt: ZTime,
  bannedAt: ZNullableTime,
  deletedAt: ZNullableTime,
});

const ZProfile = ZPersonRow.extend({
  banReason: z.string().nullable(),
  vipPermanent: z.boolean(),
  vipExpiresAt: ZNullableTime,
  isAuthor: z.boolean(),
  balances: ZBalances,
  sessions: z.array(
    z.object({
      id: z.string(),
      clientId: z.string(),
      createdAt: ZTime,
      refreshExpiresAt: ZTime,
    }),
  ),
  devices: z.array(
    z.object({
      platform: z.string(),
      userAgent: z.string().nullable(),
      address: z.string().nullable(),
      at: ZTime,
    }),
  ),
  /** Password attempts locked now (the sign-in lockout), and SMS codes locked. */
  lockedOut: z.boolean(),
  identityCard: z.object({ cardId: z.string(), createdAt: ZTime }).nullable(),
});
export type PersonProfile = z.output<typeof ZProfile>;

const ZStatementLine = z.object({
  journalId: z.string(),
  kind: z.string(),
  reference: z.string(),
  balanceType: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  actor: z.string(),
  at: ZTime,
});

const ZOrderRow = z.object({
  orderNum: z.string(),
  kind: z.enum(["recharge", "withdraw"]),
  person: ZPerson,
  method: z.string(),
  amount: z.number().int(),
  /** What was paid in (recharges) or paid out (withdrawals), when known. */
  settledAmount: z.number().int().nullable(),
  status: z.string(),
  createdAt: ZTime,
  updatedAt: ZTime,
  failReason: z.string().nullable(),
});
export type OrderRow = z.output<typeof ZOrderRow>;

const ZAdjustment = z.object({
  id: z.string(),
  person: ZPerson,
  balanceType: z.enum(["GOLD", "WALLET"]),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(["PENDING", "APPLIED", "REFUSED"]),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: ZTime,
  decidedAt: ZNullableTime,
});
export type Adjustment = z.output<typeof ZAdjustment>;

const ZLiveRoom = z.object({
  roomId: z.string(),
  title: z.string(),
  host: ZPerson,
  viewers: z.number().int(),
  watchLevel: z.string(),
  startedAt: ZNullableTime,
  lastSeenAt: ZNullableTime,
  playlistUrl: z.string().nullable(),
});
export type AdminLiveRoom = z.output<typeof ZLiveRoom>;

const ZChatLine = z.object({
  id: z.string(),
  person: ZPerson,
  content: z.string(),
  at: ZTime,
  removed: z.boolean(),
});

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
    request: z.object({ ...ZPaging, search: ZSearch }),
    response: paged(ZPersonRow),
  },
  "people.profile": { request: byPerson, response: ZProfile },
  "people.statement": {
    request: byPerson.extend(ZPaging),
    response: paged(ZStatementLine),
  },
  "people.orders": { request: byPerson.extend(ZPaging), response: paged(ZOrderRow) },
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
    }),
    response: paged(ZAuditEntry),
  },
} as const;

export type AdminRequest<K extends AdminEndpointName> = z.input<(typeof adminSchemas)[K]["request"]>;
/** A request as the server reads it (defaults filled). */
export type AdminParsed<K extends AdminEndpointName> = z.output<(typeof adminSchemas)[K]["request"]>;
export type AdminResponse<K extends AdminEndpointName> = z.output<(typeof adminSchemas)[K]["response"]>;

// The table of access and the schemas name exactly the same calls: an extra schema fails here.
type Extra = Exclude<keyof typeof adminSchemas, AdminEndpointName>;
type Missing = Exclude<AdminEndpointName, keyof typeof adminSchemas>;
export const adminSchemasMatchAccess: [Extra | Missing] extends [never] ? true : Extra | Missing = true;
