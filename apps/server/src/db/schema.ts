import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The platform's tables (one schema for PGlite and PostgreSQL). Ids are bigserial and travel as
 * text; times are timestamptz; money is bigint hundredths (from Step 4). Secrets are never stored:
 * tokens, sign values, SMS codes and card secrets are kept as SHA-256 hashes, passwords as scrypt.
 */

const id = () => bigserial("id", { mode: "number" }).primaryKey();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

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
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
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

export const identityCards = pgTable(
  "identity_cards",
  {
    id: id(),
    cardId: text("card_id").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    secretHash: text("secret_hash").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("identity_cards_card").on(t.cardId), index("identity_cards_user").on(t.userId)],
);

export const loginLogs = pgTable("login_logs", {
  id: id(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  platform: text("platform").notNull(),
  userAgent: text("user_agent"),
  address: text("address"),
  createdAt: createdAt(),
});

export const messages = pgTable(
  "messages",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    body: text("body").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("messages_user").on(t.userId)],
);

export const trackingEvents = pgTable("tracking_events", {
  id: id(),
  userId: bigint("user_id", { mode: "number" }),
  channelTagId: text("channel_tag_id").notNull(),
  event: text("event").notNull(),
  page: text("page").notNull(),
  referrer: text("referrer").notNull(),
  data: jsonb("data"),
  happenedAt: timestamp("happened_at", { withTimezone: true }).notNull(),
  receivedAt: createdAt(),
});

/** Navigation-map modules and the 'my' menu (spec §2, §6), seeded, editable by operators. */
export const appModules = pgTable("app_modules", {
  id: id(),
  moduleKey: text("module_key").notNull(),
  name: text("name").notNull(),
  iconUrl: text("icon_url"),
  sort: integer("sort").notNull(),
  linkType: text("link_type"),
  linkTarget: text("link_target"),
  linkUrl: text("link_url"),
});

export const menuItems = pgTable(
  "menu_items",
  {
    id: id(),
    type: text("type").notNull(),
    figmaKey: text("figma_key").notNull(),
    name: text("name").notNull(),
    sort: integer("sort").notNull(),
    /** Channels that may see it; empty: everyone. */
    channels: text("channels")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex("menu_items_key").on(t.type, t.figmaKey)],
);

export const vipGoods = pgTable("vip_goods", {
  id: id(),
  name: text("name").notNull(),
  days: integer("days").notNull(),
  amount: bigint("amount", { mode: "number" }).notNull(),
  originalAmount: bigint("original_amount", { mode: "number" }),
  recommended: boolean("recommended").notNull().default(false),
  sort: integer("sort").notNull(),
});

export const memberPictures = pgTable("member_pictures", {
  id: id(),
  imageUrl: text("image_url").notNull(),
  jumpType: text("jump_type"),
  jumpAdress: text("jump_adress"),
  sort: integer("sort").notNull(),
});

export const memberBenefits = pgTable("member_benefits", {
  key: text("key").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  iconUrl: text("icon_url"),
  sort: integer("sort").notNull(),
});

/** Settings an operator can change at run time (the navigation switch, the member discount…). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

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

/** Files people upload (backgrounds, covers, videos): signed for one PUT, then served by key. */
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    key: text("key").notNull(),
    bucket: text("bucket").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    contentType: text("content_type").notNull(),
    /** Declared at signing; the PUT may not exceed it. */
    declaredSize: bigint("declared_size", { mode: "number" }).notNull(),
    size: bigint("size", { mode: "number" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("uploads_key").on(t.key), index("uploads_user").on(t.userId)],
);
