/**
 * The console's live rooms (Step 22): rooms live now with their viewers; an operator ends a
 * broadcast (its key is reset, so the encoder cannot come back with it, and viewers are told),
 * resets a key, removes a chat message, or mutes a person in a room for a while.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { AdminResponse } from "@platform/api-client/admin";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { liveMessages, liveMutes, liveRooms, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { notifyKeyReset, notifyRoom } from "../live/notify";
import { CHAT_HISTORY, isLiveNow, onlineCounts, roomById } from "../live/rooms";
import { writeAudit } from "./audit";
import type { AdminInput } from "./route";
import { numbered, personColumns, personOf } from "./records";
import type { Paged } from "./records";

/** Rooms live now (as their status says; `lastSeenAt` tells whether the ingest still renews them). */
export async function liveRoomsPage(ctx: AppContext, body: Paged): Promise<AdminResponse<"live.rooms">> {
  const where = eq(liveRooms.status, "LIVE");
  const { rows, total } = await numbered(
    body,
    (limit, offset) =>
      ctx.db
        .select({ room: liveRooms, host: personColumns })
        .from(liveRooms)
        .innerJoin(users, eq(users.id, liveRooms.authorId))
        .where(where)
        .orderBy(desc(liveRooms.startedAt))
        .limit(limit)
        .offset(offset),
    ctx.db.select({ n: count() }).from(liveRooms).where(where),
  );
  const online = await onlineCounts(
    ctx,
    rows.map((r) => r.room.id),
  );
  return {
    items: rows.map(({ room, host }) => ({
      roomId: String(room.id),
      title: room.title,
      host: personOf(host),
      viewers: online.get(room.id) ?? 0,
      watchLevel: room.watchLevel,
      startedAt: room.startedAt?.toISOString() ?? null,
      lastSeenAt: room.seenAt?.toISOString() ?? null,
      playlistUrl: isLiveNow(ctx, room) ? `/api/live/hls/${String(room.id)}/master.m3u8` : null,
    })),
    total,
    page: body.page,
    size: body.size,
  };
}

/** A room's last messages, removed ones too (marked), newest last. */
export async function roomChat(ctx: AppContext, roomId: number): Promise<AdminResponse<"live.chat">> {
  const rows = await ctx.db
    .select({ message: liveMessages, who: personColumns })
    .from(liveMessages)
    .innerJoin(users, eq(users.id, liveMessages.userId))
    .where(eq(liveMessages.roomId, roomId))
    .orderBy(desc(liveMessages.id))
    .limit(CHAT_HISTORY * 2);
  return rows.reverse().map(({ message, who }) => ({
    id: String(message.id),
    person: personOf(who),
    content: message.content,
    at: message.createdAt.toISOString(),
    removed: message.removedAt !== null,
  }));
}

/**
 * End a room's broadcast: a new key (the ingest drops the stream at once, wherever it runs, and
 * the encoder's old key works no more), the room ENDED, and its viewers told.
 */
export async function endBroadcast(tx: Db, roomId: number, now: Date) {
  const [ended] = await tx
    .update(liveRooms)
    .set({ status: "ENDED", endedAt: now, keyVersion: sql`${liveRooms.keyVersion} + 1` })
    .where(eq(liveRooms.id, roomId))
    .returning();
  if (!ended) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  await notifyKeyReset(tx, ended.id, ended.keyVersion);
  await notifyRoom(tx, ended.id, { event: "room", data: { status: "ENDED" } });
  return { status: "ENDED", keyVersion: ended.keyVersion };
}

async function roomOrRefusal(ctx: AppContext, roomId: number) {
  const room = await roomById(ctx.db, roomId);
  if (!room) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return room;
}

export async function endRoom(ctx: AppContext, { body, who }: AdminInput<"live.end">) {
  const room = await roomOrRefusal(ctx, Number(body.roomId));
  if (room.status !== "LIVE") throw new BusinessError(BusinessCode.conflict, ServerMessage.liveRoomNotLive);
  await ctx.db.transaction(async (tx) => {
    const after = await endBroadcast(tx, room.id, ctx.now());
    await writeAudit(
      tx,
      who,
      {
        action: "live.end",
        targetType: "live",
        targetId: room.id,
        before: { status: room.status },
        after,
        reason: body.reason,
      },
      ctx.now(),
    );
  });
  return null;
}

export async function resetKey(ctx: AppContext, { body, who }: AdminInput<"live.resetKey">) {
  const room = await roomOrRefusal(ctx, Number(body.roomId));
  await ctx.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(liveRooms)
      .set({ keyVersion: sql`${liveRooms.keyVersion} + 1` })
      .where(eq(liveRooms.id, room.id))
      .returning();
    if (!reset) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    await notifyKeyReset(tx, reset.id, reset.keyVersion);
    await writeAudit(
      tx,
      who,
      {
        action: "live.resetKey",
        targetType: "live",
        targetId: room.id,
        before: { keyVersion: room.keyVersion },
        after: { keyVersion: reset.keyVersion },
        reason: body.reason,
      },
      ctx.now(),
    );
  });
  return null;
}

export async function removeChatMessage(ctx: AppContext, { body, who }: AdminInput<"live.removeMessage">) {
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .update(liveMessages)
      .set({ removedAt: ctx.now() })
      .where(and(eq(liveMessages.id, Number(body.messageId)), sql`${liveMessages.removedAt} IS NULL`))
      .returning();
    if (!removed) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    await notifyRoom(tx, removed.roomId, { event: "removed", data: { id: String(removed.id) } });
    await writeAudit(
      tx,
      who,
      {
        action: "live.removeMessage",
        targetType: "live",
        targetId: removed.roomId,
        before: { messageId: removed.id, content: removed.content, userId: removed.userId },
        after: { removed: true },
        reason: body.reason,
      },
      ctx.now(),
    );
  });
  return null;
}

export async function mute(ctx: AppContext, { body, operator, who }: AdminInput<"live.mute">) {
  const room = await roomOrRefusal(ctx, Number(body.roomId));
  const userId = Number(body.userId);
  const [exists] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [userId]));
  if (!exists) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  const until = new Date(ctx.now().getTime() + body.minutes * 60_000);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(liveMutes)
      .values({ roomId: room.id, userId, until, operatorId: operator.row.id })
      .onConflictDoUpdate({
        target: [liveMutes.roomId, liveMutes.userId],
        set: { until, operatorId: operator.row.id },
      });
    await writeAudit(
      tx,
      who,
      {
        action: "live.mute",
        targetType: "live",
        targetId: room.id,
        after: { userId, until },
        reason: body.reason,
      },
      ctx.now(),
    );
  });
  return null;
}
