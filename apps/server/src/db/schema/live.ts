/** Live rooms (Step 16, decision 0022): one room per author, its tickets, its chat and its viewers. */
import { sql } from "drizzle-orm";
import {
  bigint,
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
import { userRef } from "./accounts";

/** A rendition of a live stream as its packager made it: a folder name and a picture height. */
export interface LiveRendition {
  readonly name: string;
  readonly width: number;
  readonly height: number;
}

/**
 * An author's room. The stream key is never stored: it is derived from the room, `key_version`
 * and the signing key (modules/live/keys.ts), so regenerating it bumps the version.
 */
export const liveRooms = pgTable(
  "live_rooms",
  {
    id: id(),
    authorId: userRef("author_id").unique(),
    title: text("title").notNull(),
    /** FREE, SVIP or CHARGE, as videos (spec §3's watch levels). */
    watchLevel: text("watch_level").notNull().default("FREE"),
    /** A CHARGE room's ticket, hundredths of gold. */
    price: bigint("price", { mode: "number" }).notNull().default(0),
    keyVersion: integer("key_version").notNull().default(1),
    /** IDLE (never live), LIVE, ENDED. */
    status: text("status").notNull().default("IDLE"),
    /** The running stream's folder (a new one per broadcast); null while not live. */
    session: text("session"),
    renditions: jsonb("renditions").$type<LiveRendition[]>().notNull().default([]),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The ingest says it still receives the stream (every few seconds while live). */
    seenAt: timestamp("seen_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("live_rooms_price", sql`${t.price} >= 0`),
    check("live_rooms_watch_level", sql`${t.watchLevel} in ('FREE', 'SVIP', 'CHARGE')`),
    check("live_rooms_status", sql`${t.status} in ('IDLE', 'LIVE', 'ENDED')`),
    index("live_rooms_status").on(t.status, t.startedAt),
  ],
);

/** A ticket to a CHARGE room, bought with gold (one per person and room). */
export const liveTickets = pgTable(
  "live_tickets",
  {
    id: id(),
    userId: userRef(),
    roomId: bigint("room_id", { mode: "number" })
      .notNull()
      .references(() => liveRooms.id, { onDelete: "cascade" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("live_tickets_user_room").on(t.userId, t.roomId)],
);

/** A chat message of a room; the room's author may remove it (kept, marked). */
export const liveMessages = pgTable(
  "live_messages",
  {
    id: id(),
    roomId: bigint("room_id", { mode: "number" })
      .notNull()
      .references(() => liveRooms.id, { onDelete: "cascade" }),
    userId: userRef(),
    content: text("content").notNull(),
    createdAt: createdAt(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    index("live_messages_room").on(t.roomId, t.id),
    index("live_messages_user").on(t.userId, t.createdAt),
  ],
);

/** How many viewers each server process has in a room (its open chat streams), as last reported. */
export const livePresence = pgTable(
  "live_presence",
  {
    roomId: bigint("room_id", { mode: "number" })
      .notNull()
      .references(() => liveRooms.id, { onDelete: "cascade" }),
    process: text("process").notNull(),
    viewers: integer("viewers").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("live_presence_room_process").on(t.roomId, t.process)],
);

/**
 * What one person sent in a room's chat in the last minute: the times (epoch ms) of those messages.
 * One statement takes a place or refuses (`modules/live/limits.ts`), so concurrent sends on every
 * process are counted exactly (Step 18).
 */
export const liveChatQuota = pgTable("live_chat_quota", {
  userId: userRef().primaryKey(),
  sentAt: bigint("sent_at", { mode: "number" })
    .array()
    .notNull()
    .default(sql`'{}'::bigint[]`),
});

/**
 * An open chat stream's place among its address's (at most LIVE_CHAT_STREAMS_PER_ADDRESS): a lease
 * its process renews while the stream is open and deletes when it closes; a crashed process's
 * leases run out by themselves (Step 18).
 */
export const liveStreamLeases = pgTable(
  "live_stream_leases",
  {
    id: text("id").primaryKey(),
    address: text("address").notNull(),
    roomId: bigint("room_id", { mode: "number" })
      .notNull()
      .references(() => liveRooms.id, { onDelete: "cascade" }),
    process: text("process").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("live_stream_leases_address").on(t.address, t.expiresAt),
    index("live_stream_leases_process").on(t.process),
  ],
);
