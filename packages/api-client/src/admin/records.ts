/**
 * What the console's answers carry (Step 22): operators, people, videos in review, reports,
 * orders, adjustments, live rooms and audit entries. Times are ISO 8601 (UTC); money is integer
 * hundredths; ids travel as text.
 */
import { z } from "zod";
import { operatorRoles } from "./roles";

const ZTime = z.string();
const ZNullableTime = ZTime.nullable();

export const ZOperator = z.object({
  id: z.string(),
  login: z.string(),
  name: z.string(),
  role: z.enum(operatorRoles),
});
export type AdminOperator = z.output<typeof ZOperator>;

export const ZPerson = z.object({ id: z.string(), nickName: z.string(), memberId: z.string() });

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

export const ZDayFigures = z.object({
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

export const ZQueued = z.object({
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

export const ZReviewDetail = ZQueued.extend({
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

export const ZReportGroup = z.object({
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

export const ZBalances = z.object({
  GOLD: z.number().int(),
  WALLET: z.number().int(),
  GAME: z.number().int(),
  GAME_BONUS: z.number().int(),
});

export const ZPersonRow = ZPerson.extend({
  mobile: z.string(),
  createdAt: ZTime,
  bannedAt: ZNullableTime,
  deletedAt: ZNullableTime,
});

export const ZProfile = ZPersonRow.extend({
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

export const ZStatementLine = z.object({
  journalId: z.string(),
  kind: z.string(),
  reference: z.string(),
  balanceType: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  actor: z.string(),
  at: ZTime,
});

export const ZOrderRow = z.object({
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

export const ZAdjustment = z.object({
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

export const ZLiveRoom = z.object({
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

export const ZChatLine = z.object({
  id: z.string(),
  person: ZPerson,
  content: z.string(),
  at: ZTime,
  removed: z.boolean(),
});
