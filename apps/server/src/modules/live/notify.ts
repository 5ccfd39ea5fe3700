/**
 * What crosses between server processes about live rooms (decision 0022, Step 18): room events
 * for the chat streams and room checks on LIVE_CHANNEL, sent with NOTIFY in the transaction that
 * made the change, so it is delivered when it commits.
 */
import { sql } from "drizzle-orm";
import type { LiveChatEvent } from "@platform/api-client";
import type { Db } from "../../db/database";

export const LIVE_CHANNEL = "live_events";

/** What crosses between processes on LIVE_CHANNEL: an event for viewers, or a room to check again. */
export type Wire =
  | { readonly roomId: number; readonly event: LiveChatEvent }
  | { readonly roomId: number; readonly access: true };

/** Send a room's event to every process (delivered when `tx` commits). */
export async function notifyRoom(tx: Db, roomId: number, event: LiveChatEvent): Promise<void> {
  const wire: Wire = { roomId, event };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(wire)})`);
}

/** Tell every process a room's access changed: each checks its streams of the room again. */
export async function notifyAccess(tx: Db, roomId: number): Promise<void> {
  const wire: Wire = { roomId, access: true };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(wire)})`);
}
