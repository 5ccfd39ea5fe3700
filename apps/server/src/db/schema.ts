import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
  (t) => [uniqueIndex("uploads_key").on(t.key), index("uploads_user").on(t.userId, t.createdAt)],
);

/* ------------------------------------------------------------------------------------------------
 * Catalogue (Step 4): classifications, topics, videos and what people do with them.
 * ---------------------------------------------------------------------------------------------- */

export const classifications = pgTable("classifications", {
  id: id(),
  name: text("name").notNull(),
  sort: integer("sort").notNull(),
});

export const topics = pgTable("topics", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  coverUrl: text("cover_url"),
  sort: integer("sort").notNull(),
});

export const videos = pgTable(
  "videos",
  {
    id: id(),
    authorId: bigint("author_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    introduction: text("introduction").notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allowDownload: boolean("allow_download").notNull().default(false),
    /** FREE, SVIP or CHARGE. */
    watchLevel: text("watch_level").notNull(),
    /** The price of a CHARGE video in hundredths (0 otherwise). */
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
    /** Member discount in tenths of the price paid (8 = pay 80 %); null: the platform's default. */
    discount: doublePrecision("discount"),
    /** How far a viewer without the right may watch (milliseconds). */
    freeTimeMs: integer("free_time_ms").notNull().default(15_000),
    classifyId: bigint("classify_id", { mode: "number" }).references(() => classifications.id),
    topicId: bigint("topic_id", { mode: "number" }).references(() => topics.id),
    /** The channel (spec: channelTagId) the video is published in; "0" is the main site. */
    channelTagId: text("channel_tag_id").notNull().default("0"),
    isHot: boolean("is_hot").notNull().default(false),
    isSelected: boolean("is_selected").notNull().default(false),
    /** The media clip (a folder of the media library) this video plays. */
    mediaKey: text("media_key"),
    lengthMs: integer("length_ms").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    coverUrl: text("cover_url"),
    verticalCoverUrl: text("vertical_cover_url"),
    /** Upload and review status (spec §3): 99 published. */
    status: integer("status").notNull(),
    auditTime: timestamp("audit_time", { withTimezone: true }),
    playCount: bigint("play_count", { mode: "number" }).notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    collectCount: integer("collect_count").notNull().default(0),
    forwardCount: integer("forward_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("videos_published_recent").on(t.status, t.updatedAt),
    index("videos_published_plays").on(t.status, t.playCount),
    index("videos_author").on(t.authorId, t.createdAt),
    index("videos_classify").on(t.classifyId),
    index("videos_topic").on(t.topicId),
    check("videos_amount_not_negative", sql`${t.amount} >= 0`),
    check(
      "videos_counts_not_negative",
      sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0 and ${t.collectCount} >= 0`,
    ),
  ],
);

export const videoLikes = pgTable(
  "video_likes",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    videoId: bigint("video_id", { mode: "number" })
      .notNull()
      .references(() => videos.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

/**
 * When a viewer's play or share of a video last counted: `playCount` and `forwardCount` feed "most
 * plays" and the hot tags, so each viewer counts once per video per window (COUNT_WINDOW_SECONDS).
 */
export const countedActions = pgTable(
  "counted_actions",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    videoId: bigint("video_id", { mode: "number" })
      .notNull()
      .references(() => videos.id),
    /** PLAY or FORWARD. */
    action: text("action").notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId, t.action] })],
);

/** "Collect" (the star on a video): the ALL list of my collection. Folders group them further. */
export const videoCollects = pgTable(
  "video_collects",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    videoId: bigint("video_id", { mode: "number" })
      .notNull()
      .references(() => videos.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("video_collects_user").on(t.userId, t.createdAt),
  ],
);

export const favoriteFolders = pgTable(
  "favorite_folders",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  // Names are unique per user, whatever their letter case.
  (t) => [uniqueIndex("favorite_folders_name").on(t.userId, sql`lower(${t.name})`)],
);

export const favoriteItems = pgTable(
  "favorite_items",
  {
    folderId: bigint("folder_id", { mode: "number" })
      .notNull()
      .references(() => favoriteFolders.id, { onDelete: "cascade" }),
    videoId: bigint("video_id", { mode: "number" })
      .notNull()
      .references(() => videos.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.videoId] })],
);

/** What a user watched, where they stopped, and how often they came back (doPlay). */
export const watchHistory = pgTable(
  "watch_history",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    videoId: bigint("video_id", { mode: "number" })
      .notNull()
      .references(() => videos.id),
    seenMs: integer("seen_ms").notNull().default(0),
    renewCount: integer("renew_count").notNull().default(0),
    browsedAt: timestamp("browsed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("watch_history_user").on(t.userId, t.browsedAt),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: id(),
    videoId: bigint("video_id", { mode: "number" })
      .notNull()
      .references(() => videos.id),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** The top-level comment a reply belongs to (null for a top-level comment). */
    rootId: bigint("root_id", { mode: "number" }),
    /** The comment this one answers (a top-level comment or another reply). */
    replyToId: bigint("reply_to_id", { mode: "number" }),
    content: text("content").notNull(),
    likeCount: integer("like_count").notNull().default(0),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("comments_video").on(t.videoId, t.rootId, t.createdAt),
    index("comments_root").on(t.rootId, t.createdAt),
    check("comments_likes_not_negative", sql`${t.likeCount} >= 0`),
  ],
);

export const commentLikes = pgTable(
  "comment_likes",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    commentId: bigint("comment_id", { mode: "number" })
      .notNull()
      .references(() => comments.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.commentId] })],
);

export const follows = pgTable(
  "follows",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    followUserId: bigint("follow_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.followUserId] }),
    index("follows_followed").on(t.followUserId),
    check("follows_not_self", sql`${t.userId} <> ${t.followUserId}`),
  ],
);

/** Each purchase of a video: one per user and video. */
export const purchases = pgTable(
  "purchases",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    videoId: bigint("video_id", { mode: "number" })
      .notNull()
      .references(() => videos.id),
    payType: text("pay_type").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("purchases_user_video").on(t.userId, t.videoId),
    index("purchases_user").on(t.userId, t.createdAt),
  ],
);

/* ------------------------------------------------------------------------------------------------
 * Wallet core: one account per user and balance type, an append-only ledger, idempotency keys.
 * ---------------------------------------------------------------------------------------------- */

export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** GOLD, WALLET, GAME, GAME_BONUS… (BalanceType). */
    type: text("type").notNull(),
    /** Hundredths; never below zero. */
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallet_accounts_user_type").on(t.userId, t.type),
    check("wallet_accounts_balance_not_negative", sql`${t.balance} >= 0`),
  ],
);

/** Every change of every balance, written in the same transaction as the change; never updated. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => walletAccounts.id),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** Signed hundredths: credits positive, debits negative. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    balanceAfter: bigint("balance_after", { mode: "number" }).notNull(),
    /** Why: BUY_VIDEO, SEED, RECHARGE, WITHDRAW, TRANSFER, OPEN_VIP… */
    reason: text("reason").notNull(),
    /** What it belongs to, e.g. purchases:12. */
    reference: text("reference"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_account").on(t.accountId, t.id),
    index("ledger_entries_user").on(t.userId, t.createdAt),
    check("ledger_entries_not_zero", sql`${t.amount} <> 0`),
    check("ledger_entries_balance_not_negative", sql`${t.balanceAfter} >= 0`),
  ],
);

/** Money calls already answered, by the caller's Idempotency-Key: a retry gets the same answer. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    key: text("key").notNull(),
    endpoint: text("endpoint").notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

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
    reporterId: bigint("reporter_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** COMMENT, USER or VIDEO (domain ReportTarget). */
    targetType: text("target_type").notNull(),
    targetId: bigint("target_id", { mode: "number" }).notNull(),
    /** Domain ReportReason. */
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_once").on(t.reporterId, t.targetType, t.targetId),
    index("reports_target").on(t.targetType, t.targetId),
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
