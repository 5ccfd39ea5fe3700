/**
 * The lengths of the longest lists, kept by triggers in the transaction that changes them
 * (decision 0033, migration 0023): a numbered page of such a list has its exact total without a
 * count. And how many of their rows lie in each block of their order's time key (decision 0037,
 * migration 0025: "places"), so the row before a deep page is found by adding a few counts and
 * stepping within one small block. Nothing in the server writes these tables; every write to
 * `videos` or `comments`, from any path, keeps them.
 */
import { bigint, boolean, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { videos } from "./videos";

/**
 * Published videos (`status = 99`, not deleted): `published` for all of them and
 * `published:<watch level>` (FREE, CHARGE, SVIP) for each price filter.
 */
export const catalogueLengths = pgTable("catalogue_lengths", {
  list: text("list").primaryKey(),
  length: bigint("length", { mode: "number" }).notNull(),
});

/** A video's threads: its top-level comments that are not deleted. */
export const videoThreads = pgTable("video_threads", {
  videoId: bigint("video_id", { mode: "number" })
    .primaryKey()
    .references(() => videos.id, { onDelete: "cascade" }),
  threads: integer("threads").notNull(),
});

/**
 * Published videos in the default order's blocks: `hot` (the order's first key), then the review
 * time's microseconds since the epoch shifted right by `shift` bits (`block`: 46, 40, … 16, six
 * levels of 64 blocks each in one block of the level above), per watch level (the price filter).
 */
export const cataloguePlaces = pgTable(
  "catalogue_places",
  {
    shift: smallint("shift").notNull(),
    hot: boolean("hot").notNull(),
    block: bigint("block", { mode: "number" }).notNull(),
    watchLevel: text("watch_level").notNull(),
    videos: bigint("videos", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shift, t.hot, t.block, t.watchLevel] })],
);

/** A video's threads in the blocks of their time (as `cataloguePlaces`, without a first key). */
export const threadPlaces = pgTable(
  "thread_places",
  {
    videoId: bigint("video_id", { mode: "number" })
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    shift: smallint("shift").notNull(),
    block: bigint("block", { mode: "number" }).notNull(),
    threads: integer("threads").notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.shift, t.block] })],
);
