/** What the app is configured with and what it records: modules, menus, membership offers, settings, channels, tracking, reports. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { userRef, users } from "./accounts";

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

/**
 * Navigation-map modules and the 'my' menu (spec §2, §6), seeded, editable by operators; named in
 * both languages (the answer gives the request's).
 */
export const appModules = pgTable("app_modules", {
  id: id(),
  moduleKey: text("module_key").notNull(),
  /** The Chinese name (zh_CN); `nameEn` is the English one (empty: the Chinese one is shown). */
  name: text("name").notNull(),
  nameEn: text("name_en").notNull().default(""),
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

/** Membership plans (spec §7 vip/good/list): `days` 0 is permanent; named in both languages. */
export const vipGoods = pgTable("vip_goods", {
  id: id(),
  /** The Chinese name (zh_CN); `nameEn` is the English one. */
  name: text("name").notNull(),
  nameEn: text("name_en").notNull().default(""),
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
  /** Chinese (zh_CN); the `En` columns are English. */
  title: text("title").notNull(),
  titleEn: text("title_en").notNull().default(""),
  description: text("description").notNull(),
  descriptionEn: text("description_en").notNull().default(""),
  iconUrl: text("icon_url"),
  sort: integer("sort").notNull(),
});

/** Settings an operator can change at run time (the navigation switch, the member discount…). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Marketing props (spec: integral, game token, video card), one row per user. */
export const userProps = pgTable("user_props", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id),
  integral: integer("integral").notNull().default(0),
  gameToken: integer("game_token").notNull().default(0),
  videoCard: integer("video_card").notNull().default(0),
});

/** Reports from the Report menus (comments, profiles, videos): one per reporter and target. */
export const reports = pgTable(
  "reports",
  {
    id: id(),
    reporterId: userRef("reporter_id"),
    /** COMMENT, USER or VIDEO (domain ReportTarget). */
    targetType: text("target_type").notNull(),
    targetId: bigint("target_id", { mode: "number" }).notNull(),
    /** Domain ReportReason. */
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    /** Resolved by an operator (Step 22): REMOVED, WARNED or DISMISSED, by whom, when. */
    resolution: text("resolution"),
    resolvedBy: bigint("resolved_by", { mode: "number" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reports_once").on(t.reporterId, t.targetType, t.targetId),
    index("reports_target").on(t.targetType, t.targetId),
    index("reports_open")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/* ------------------------------------------------------------------------------------------------
 * Channels (Step 9): the /d/{channelTagId} pages, named in both languages.
 * ---------------------------------------------------------------------------------------------- */

/**
 * The channels (spec: `channelTagId`) users register from and videos are published in. The id is
 * text like the `channel_tag_id` columns that name it, in canonical digits; "0" is the main site,
 * the default channel, and is made by the migration itself (the seed adds demo channels).
 */
export const channels = pgTable(
  "channels",
  {
    id: text("id").primaryKey(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
  },
  (t) => [
    check("channels_id_canonical", sql`${t.id} ~ '^(0|[1-9][0-9]{0,15})$'`),
    check("channels_names_present", sql`${t.nameZh} <> '' and ${t.nameEn} <> ''`),
  ],
);
