/** Files people upload (backgrounds, covers, videos), whole or in parts. */
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { userRef } from "./accounts";

/** Files people upload (backgrounds, covers, videos): signed for one PUT, then served by key. */
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    key: text("key").notNull(),
    bucket: text("bucket").notNull(),
    userId: userRef(),
    kind: text("kind").notNull(),
    contentType: text("content_type").notNull(),
    /** Declared at signing; the PUT may not exceed it. */
    declaredSize: bigint("declared_size", { mode: "number" }).notNull(),
    size: bigint("size", { mode: "number" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Where the bytes go: `local` (the data folder) or `s3` (decision 0018). */
    storage: text("storage").notNull().default("local"),
    /** Until when its URLs may be signed (a whole PUT: 15 minutes; a video in parts: longer). */
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '15 minutes'`),
    /** An upload in parts: the store's id of it and the part size (null: one PUT). */
    multipartId: text("multipart_id"),
    partSize: integer("part_size"),
    /** Given up: by its owner, its expiry, the clean-up, or refused (a "picture" that is none). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * How it is being sent, decided by its first use (Step 18): `parts` or `whole`, never both.
     * Null: nothing sent yet (or a row from before the rule).
     */
    sentAs: text("sent_as"),
    /** Bytes that reached the store (parts recorded, or the whole PUT): they count toward the day. */
    arrivedBytes: bigint("arrived_bytes", { mode: "number" }).notNull().default(0),
    /** Its bytes are gone from the store (parts and file): it no longer counts as storage used. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("uploads_key").on(t.key),
    index("uploads_user").on(t.userId, t.createdAt),
    // The clean-up's scan: uploads whose bytes may still be in the store, unfinished.
    index("uploads_unfinished")
      .on(t.createdAt)
      .where(sql`${t.completedAt} IS NULL AND ${t.removedAt} IS NULL`),
    // …and finished videos, to find those no video uses.
    index("uploads_finished_videos")
      .on(t.createdAt)
      .where(sql`${t.completedAt} IS NOT NULL AND ${t.removedAt} IS NULL AND ${t.kind} = 'VIDEO'`),
    check("uploads_sent_as", sql`${t.sentAs} IS NULL OR ${t.sentAs} IN ('parts', 'whole')`),
    check("uploads_arrived_bytes", sql`${t.arrivedBytes} >= 0`),
  ],
);

/** The parts of an upload that arrived, with the ETag the store gave each (S3 multipart). */
export const uploadParts = pgTable(
  "upload_parts",
  {
    uploadId: bigint("upload_id", { mode: "number" })
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    etag: text("etag").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);
