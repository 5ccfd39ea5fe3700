/**
 * The operators' console (Step 22, decision 0032): operators are not app users — their own
 * accounts, roles and sessions — and every act of theirs is a row of an append-only audit log.
 */
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, id } from "./columns";
import { userRef } from "./accounts";

export const operators = pgTable(
  "operators",
  {
    id: id(),
    /** What they sign in with (lower case). */
    login: text("login").notNull(),
    name: text("name").notNull(),
    /** reviewer, support, finance or admin (domain OperatorRole). */
    role: text("role").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** The time-based one-time code's secret, sealed (null: not enrolled yet). */
    totpSecret: text("totp_secret"),
    /** A secret offered for enrolment, sealed, until a code from it is entered. */
    totpPending: text("totp_pending"),
    /** The last 30-second step a code was accepted for: a code is good once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }).notNull().default(0),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("operators_login").on(t.login),
    check("operators_role", sql`${t.role} IN ('reviewer','support','finance','admin')`),
  ],
);

export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: id(),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => operators.id),
    tokenHash: text("token_hash").notNull(),
    address: text("address"),
    createdAt: createdAt(),
    /** Renewed by each call; a session idle past ADMIN_IDLE_MINUTES is over. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    /** However active, a session ends this long after sign-in (ADMIN_SESSION_HOURS). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("operator_sessions_token").on(t.tokenHash)],
);

/**
 * Every operator action: who, when, from where, what, before and after. Rows are never changed
 * or removed (a trigger refuses it) and each carries the hash of the one before, which reconcile
 * checks (migration 0021).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    /** The operator's id (null for a command run on the server's machine). */
    operatorId: bigint("operator_id", { mode: "number" }).references(() => operators.id),
    /** The operator's login, or the command's user. */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    address: text("address"),
    requestId: text("request_id"),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** sha256 of the previous row's hash and this row (the chain reconcile walks). */
    hash: text("hash").notNull(),
  },
  (t) => [
    index("audit_log_target").on(t.targetType, t.targetId),
    index("audit_log_actor").on(t.actor, t.at),
    index("audit_log_at").on(t.at),
  ],
);

/** A reviewer's hold on a video (or its edit) under review, so two do not take the same one. */
export const reviewClaims = pgTable("review_claims", {
  videoId: bigint("video_id", { mode: "number" }).primaryKey(),
  operatorId: bigint("operator_id", { mode: "number" })
    .notNull()
    .references(() => operators.id),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * A manual change of a person's balance, with a reason: applied at once up to a limit
 * (ADJUSTMENT_APPROVAL_ABOVE), above it only when a second finance operator approves.
 */
export const adjustments = pgTable(
  "adjustments",
  {
    id: id(),
    userId: userRef(),
    balanceType: text("balance_type").notNull(),
    /** Signed hundredths: positive credits the person. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    requestedBy: bigint("requested_by", { mode: "number" })
      .notNull()
      .references(() => operators.id),
    decidedBy: bigint("decided_by", { mode: "number" }).references(() => operators.id),
    /** PENDING, APPLIED or REFUSED. */
    status: text("status").notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("adjustments_status").on(t.status, t.createdAt),
    check("adjustments_amount", sql`${t.amount} <> 0`),
    check("adjustments_status", sql`${t.status} IN ('PENDING','APPLIED','REFUSED')`),
  ],
);

/** A person muted in a room's chat by an operator, until a time. */
export const liveMutes = pgTable(
  "live_mutes",
  {
    roomId: bigint("room_id", { mode: "number" }).notNull(),
    userId: userRef(),
    until: timestamp("until", { withTimezone: true }).notNull(),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => operators.id),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);
