/** People and their sign-in: accounts, sessions, keys, SMS codes, lockout, identity cards, messages. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    mobile: text("mobile").notNull(),
    /** scrypt, "scrypt$N$r$p$salt$hash"; null for accounts made by SMS login without a password. */
    passwordHash: text("password_hash"),
    nickName: text("nick_name").notNull(),
    gender: text("gender").notNull().default("SECRET"),
    birthday: text("birthday"),
    area: text("area"),
    introduction: text("introduction"),
    avatarUrl: text("avatar_url"),
    bgImgKey: text("bg_img_key"),
    bgImgBucket: text("bg_img_bucket"),
    memberId: text("member_id").notNull(),
    channelTagId: text("channel_tag_id").notNull().default("0"),
    inviteCode: text("invite_code"),
    vipExpiresAt: timestamp("vip_expires_at", { withTimezone: true }),
    vipPermanent: boolean("vip_permanent").notNull().default(false),
    /** Authors can upload; everyone can become one. */
    isAuthor: boolean("is_author").notNull().default(false),
    /** The MessageKinds the person turned off in /messagesettings (none are written for them). */
    mutedMessageKinds: text("muted_message_kinds")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Banned by an operator (Step 22): signed out everywhere, and told why when signing in. */
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    banReason: text("ban_reason"),
    /** The nickname's characters and character pairs (migration 0008): search finds authors by it. */
    searchGrams: text("search_grams")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`text_grams("nick_name")`),
  },
  (t) => [
    index("users_search").using("gin", t.searchGrams).with({ fastupdate: false }),
    uniqueIndex("users_mobile_live")
      .on(t.mobile)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex("users_member_id").on(t.memberId),
  ],
);

/** One row per issued token pair; refresh rotation makes a new row in the same family. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id),
    clientId: text("client_id").notNull(),
    family: text("family").notNull(),
    accessHash: text("access_hash").notNull(),
    refreshHash: text("refresh_hash").notNull(),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }).notNull(),
    /** The refresh token was exchanged for a new pair (using it again is reuse). */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sessions_access").on(t.accessHash),
    uniqueIndex("sessions_refresh").on(t.refreshHash),
    index("sessions_user").on(t.userId),
    index("sessions_family").on(t.family),
  ],
);

/** The server's RSA key pair for password encryption (one row, shared by every process). */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: createdAt(),
});

/** One-time signs handed out with the public key. */
export const keySigns = pgTable("key_signs", {
  signHash: text("sign_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

export const smsCodes = pgTable(
  "sms_codes",
  {
    id: id(),
    mobile: text("mobile").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("sms_codes_mobile").on(t.mobile, t.createdAt)],
);

/** Failed sign-in attempts, counted per phone and per address for the lockout. */
export const authFailures = pgTable(
  "auth_failures",
  {
    id: id(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("auth_failures_key").on(t.key, t.createdAt)],
);

/**
 * Budgets over fixed windows (SMS sends per address, per phone and for everyone; wrong codes per
 * phone): one row per key and window start, counted up atomically by `insert … on conflict`.
 */
export const rateCounters = pgTable(
  "rate_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_counters_window").on(t.windowStart)],
);

export const identityCards = pgTable(
  "identity_cards",
  {
    id: id(),
    cardId: text("card_id").notNull(),
    userId: userRef(),
    secretHash: text("secret_hash").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("identity_cards_card").on(t.cardId), index("identity_cards_user").on(t.userId)],
);

export const loginLogs = pgTable("login_logs", {
  id: id(),
  userId: userRef(),
  platform: text("platform").notNull(),
  userAgent: text("user_agent"),
  address: text("address"),
  createdAt: createdAt(),
});

export const messages = pgTable(
  "messages",
  {
    id: id(),
    userId: userRef(),
    /** A MessageKind; the app words it in the reader's language from `params` (Step 15). */
    kind: text("kind").notNull(),
    params: jsonb("params").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_user_page").on(t.userId, t.id),
    index("messages_user_unread")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** What the SMS sandbox "sent" (sandbox only; readable through the sandbox route for tests). */
export const sandboxOutbox = pgTable(
  "sandbox_outbox",
  {
    id: id(),
    mobile: text("mobile").notNull(),
    purpose: text("purpose").notNull(),
    code: text("code").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_outbox_mobile").on(t.mobile, t.createdAt)],
);

/** A column naming a user (not null, a foreign key to users.id), `user_id` unless named. */
export function userRef(name = "user_id") {
  return bigint(name, { mode: "number" })
    .notNull()
    .references(() => users.id);
}
