/** Videos and what people do with them: the catalogue, likes, collections, history, comments, follows, purchases (uploads: uploads.ts). */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
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
import { createdAt, id } from "./columns";
import { userRef } from "./accounts";
import { uploads } from "./uploads";

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
    authorId: userRef("author_id"),
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
    /** The upload of its file (posted videos; the seed's have none): one video per upload. */
    uploadId: bigint("upload_id", { mode: "number" }).references(() => uploads.id),
    /** Why the status is what it is (failures, refusals): a sentence's key and values, or an operator's words. */
    statusReasonKey: text("status_reason_key"),
    statusReasonValues: jsonb("status_reason_values").$type<Record<string, string | number>>(),
    statusReason: text("status_reason"),
    /** Processing, 0-100 (status 25). */
    progress: integer("progress"),
    /**
     * The characters and character pairs of the title and tags, lower case (`text_grams`,
     * migration 0008): what the search's GIN index finds a keyword by, in any language.
     */
    searchGrams: text("search_grams")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`video_grams("title", "tags")`),
  },
  (t) => {
    // The catalogue's filters (price, duration, selected, classification, topic, channel).
    const filters = [t.watchLevel, t.lengthMs, t.isSelected, t.classifyId, t.topicId, t.channelTagId];
    return [
      // One index per sort order of the catalogue (decision 0016), over published videos only. After
      // the sort's keys (the id ends the order) come the list's filters (decision 0033): a numbered
      // page's count and its seek to a depth read the index alone, whatever the filters.
      index("videos_feed_default")
        .on(t.isHot, t.auditTime, t.id, ...filters)
        .where(sql`${t.status} = 99 and ${t.deletedAt} is null`),
      index("videos_feed_recent")
        .on(t.updatedAt, t.id, t.isHot, ...filters)
        .where(sql`${t.status} = 99 and ${t.deletedAt} is null`),
      index("videos_feed_plays")
        .on(t.playCount, t.id, t.isHot, ...filters)
        .where(sql`${t.status} = 99 and ${t.deletedAt} is null`),
      index("videos_author_published")
        .on(t.authorId, t.auditTime, t.id)
        .where(sql`${t.status} = 99 and ${t.deletedAt} is null`),
      // No pending list (fastupdate off): a search never scans unsorted recent entries; inserts pay.
      index("videos_search").using("gin", t.searchGrams).with({ fastupdate: false }),
      index("videos_author").on(t.authorId, t.createdAt, t.id),
      uniqueIndex("videos_upload").on(t.uploadId),
      // The operators' queue: videos waiting for review.
      index("videos_review")
        .on(t.status, t.updatedAt)
        .where(sql`${t.status} in (40, 50, 77)`),
      index("videos_classify").on(t.classifyId),
      index("videos_topic").on(t.topicId),
      check("videos_amount_not_negative", sql`${t.amount} >= 0`),
      // A published video has been reviewed: its audit time is a key of the default order.
      check("videos_published_audited", sql`${t.status} <> 99 or ${t.auditTime} is not null`),
      check(
        "videos_counts_not_negative",
        sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0 and ${t.collectCount} >= 0`,
      ),
    ];
  },
);

/**
 * An author's edit of a published video, waiting for review (decision 0018): the published details
 * stay up until an operator approves it; one pending edit per video (a new one replaces it).
 */
export const videoEdits = pgTable("video_edits", {
  videoId: bigint("video_id", { mode: "number" })
    .primaryKey()
    .references(() => videos.id, { onDelete: "cascade" }),
  /** The details as saveMyVideo sent them (title, introduction, tags, level, price, preview, cover). */
  details: jsonb("details").notNull().$type<VideoEditDetails>(),
  /** 40 waiting, 50 being reviewed, 60 refused by the words check, 70 refused by an operator. */
  status: integer("status").notNull(),
  statusReasonKey: text("status_reason_key"),
  statusReasonValues: jsonb("status_reason_values").$type<Record<string, string | number>>(),
  statusReason: text("status_reason"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The details an edit carries (what saveMyVideo may change of a published video). */
export interface VideoEditDetails {
  readonly title: string;
  readonly introduction: string;
  readonly tags: string[];
  readonly allowDownload: boolean;
  readonly watchLevel: string;
  readonly amount: number;
  readonly freeTimeMs: number;
  readonly coverUrl: string | null;
  readonly verticalCoverUrl: string | null;
}

export const videoLikes = pgTable(
  "video_likes",
  {
    userId: userRef(),
    videoId: videoRef(),
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
    userId: userRef(),
    videoId: videoRef(),
    /** PLAY or FORWARD. */
    action: text("action").notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId, t.action] })],
);

/**
 * How many plays of a video counted on each day (UTC), as `playCount` counts them: the 'trend' tab
 * ranks videos by the last days' sum (Step 16). One row per video and day, so the sum reads at most
 * a week of rows per video, from the index on the day.
 */
export const videoDailyPlays = pgTable(
  "video_daily_plays",
  {
    videoId: videoRef(),
    day: date("day", { mode: "string" }).notNull(),
    plays: integer("plays").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.day] }), index("video_daily_plays_day").on(t.day, t.videoId)],
);

/** "Collect" (the star on a video): the ALL list of my collection. Folders group them further. */
export const videoCollects = pgTable(
  "video_collects",
  {
    userId: userRef(),
    videoId: videoRef(),
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
    userId: userRef(),
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
    videoId: videoRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.videoId] })],
);

/** What a user watched, where they stopped, and how often they came back (doPlay). */
export const watchHistory = pgTable(
  "watch_history",
  {
    userId: userRef(),
    videoId: videoRef(),
    seenMs: integer("seen_ms").notNull().default(0),
    renewCount: integer("renew_count").notNull().default(0),
    browsedAt: timestamp("browsed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("watch_history_user").on(t.userId, t.browsedAt, t.videoId),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: id(),
    videoId: videoRef(),
    userId: userRef(),
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
    index("comments_video").on(t.videoId, t.rootId, t.createdAt, t.id),
    // A video's threads newest first (decision 0016): `root_id is null` as the index's predicate,
    // because PostgreSQL does not take an IS NULL column as fixed when it orders by the next ones.
    index("comments_threads")
      .on(t.videoId, t.createdAt, t.id)
      .where(sql`${t.rootId} is null and ${t.deletedAt} is null`),
    index("comments_root").on(t.rootId, t.createdAt, t.id),
    check("comments_likes_not_negative", sql`${t.likeCount} >= 0`),
  ],
);

export const commentLikes = pgTable(
  "comment_likes",
  {
    userId: userRef(),
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
    userId: userRef(),
    followUserId: userRef("follow_user_id"),
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
    userId: userRef(),
    videoId: videoRef(),
    payType: text("pay_type").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** What of the price went to the video's author (CREATOR_SHARE_PERCENT, decision 0032). */
    authorShare: bigint("author_share", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    /** The video was deleted or taken down and the price given back (decision 0018). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("purchases_user_video").on(t.userId, t.videoId),
    index("purchases_user").on(t.userId, t.createdAt),
  ],
);

/* ------------------------------------------------------------------------------------------------
 * Wallet core: one account per user and balance type, an append-only ledger, idempotency keys.
 * ---------------------------------------------------------------------------------------------- */

/** A column naming a video (not null, a foreign key to videos.id), `video_id` unless named. */
export function videoRef(name = "video_id") {
  return bigint(name, { mode: "number" })
    .notNull()
    .references(() => videos.id);
}
