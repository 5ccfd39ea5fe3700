/**
 * The lengths of the longest lists, kept by triggers in the transaction that changes them
 * (decision 0033, migration 0023): a numbered page of such a list has its exact total without a
 * count, and is sought from whichever end of the list is nearer. Nothing in the server writes these
 * tables; every write to `videos` or `comments`, from any path, keeps them.
 */
import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";
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
