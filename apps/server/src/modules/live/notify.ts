/**
 * What crosses between server processes about live rooms (decision 0022, Step 18): room events
 * for the chat streams and room checks on LIVE_CHANNEL, key resets on LIVE_KEYS_CHANNEL — each
 * sent with NOTIFY in the transaction that made the change, so it is delivered when it commits.
 */
import { sql } from "drizzle-orm";
import type { LiveChatEvent } from "@platform/api-client";
import type { Db } from "../../db/database";

export const LIVE_CHANNEL = "live_events";
/** Stream keys reset (the station of the process taking streams ends their broadcasts). */
export const LIVE_KEYS_CHANNEL = "live_keys";

/** What crosses between processes on LIVE_CHANNEL: an event for viewers, or a room to check again. */
export type Wire =
  | { readonly roomId: number; readonly event: LiveChatEvent }
  | { readonly roomId: number; readonly access: true };

/** Send a room's event to every process (delivered when `tx` commits). */
export async function notifyRoom(tx: Db, roomId: number, event: LiveChatEvent): Promise<void> {
  const wire: Wire = { roomId, event };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(wire)})`);
}

/** Tell every process a room's access changed: each tells its viewers of the room what they need now. */
export async function notifyAccess(tx: Db, roomId: number): Promise<void> {
  const wire: Wire = { roomId, access: true };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(wire)})`);
}

/** Tell the process taking streams that a room's key is now `version` (older ones end). */
export async function notifyKeyReset(tx: Db, roomId: number, version: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_KEYS_CHANNEL}, ${JSON.stringify({ roomId, version })})`);
}

/** A key reset as LIVE_KEYS_CHANNEL carries it (null: not one). */
export function keyResetOf(payload: string): { roomId: number; version: number } | null {
  try {
    const { roomId, version } = JSON.parse(payload) as { roomId?: unknown; version?: unknown };
    return typeof roomId === "number" && typeof version === "number" ? { roomId, version } : null;
  } catch {
    return null;
  }
}
