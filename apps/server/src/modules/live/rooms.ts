/**
 * Live rooms (Step 16, decision 0022): the list, a room's detail with who may watch it, an author's
 * own room and stream key, and tickets to paid rooms.
 */
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { BusinessCode, WatchLevel, formatAmount, limits } from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { liveMessages, livePresence, liveRooms, liveTickets, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { formatDateTime, offsetOf } from "../../http/time";
import { BalanceType, PlatformAccount, balancesOf, platform, post, userAccount } from "../ledger/wallet";
import { isVipNow } from "../user/membership";
import { notifyAccess, notifyKeyReset } from "./notify";
import { streamKey } from "./keys";

export type RoomRow = typeof liveRooms.$inferSelect;
interface Author {
  readonly nickName: string;
  readonly avatarUrl: string | null;
}

/** A LIVE room the ingest has not vouched for this long is over (its process went away). */
export const LIVE_STALE_MS = 30_000;
/** Presence a process has not renewed this long no longer counts. */
export const PRESENCE_STALE_MS = 15_000;
/** The messages a viewer gets on joining. */
export const CHAT_HISTORY = 50;

export function isLiveNow(ctx: AppContext, room: RoomRow): boolean {
  return (
    room.status === "LIVE" &&
    room.session !== null &&
    room.seenAt !== null &&
    ctx.now().getTime() - room.seenAt.getTime() < LIVE_STALE_MS
  );
}

/** Viewers per room: every process's open chat streams, as last reported. */
export async function onlineCounts(
  ctx: AppContext,
  roomIds: readonly number[],
): Promise<Map<number, number>> {
  if (roomIds.length === 0) return new Map();
  const since = new Date(ctx.now().getTime() - PRESENCE_STALE_MS);
  const rows = await ctx.db
    .select({ roomId: livePresence.roomId, viewers: sql<string>`sum(${livePresence.viewers})` })
    .from(livePresence)
    .where(and(inArray(livePresence.roomId, [...roomIds]), gt(livePresence.updatedAt, since)))
    .groupBy(livePresence.roomId);
  return new Map(rows.map((r) => [r.roomId, Number(r.viewers)]));
}

export function roomRecord(
  ctx: AppContext,
  request: FastifyRequest,
  room: RoomRow,
  author: Author,
  online: number,
): ResponseOf<"game.starLiveSdk">["rooms"][number] {
  const live = isLiveNow(ctx, room);
  const id = String(room.id);
  return {
    roomId: id,
    title: room.title,
    anchorId: String(room.authorId),
    anchorName: author.nickName,
    anchorAvatarUrl: author.avatarUrl,
    coverUrl: live && room.session !== null ? `/api/live/cover/${id}/${room.session}.jpg` : null,
    online: live ? online : 0,
    isLive: live,
    playUrl: `/api/live/hls/${id}/master.m3u8`,
    watchLevel: room.watchLevel as WatchLevel,
    price: room.watchLevel === WatchLevel.CHARGE ? room.price : 0,
    startedAt: room.startedAt === null ? null : formatDateTime(room.startedAt, offsetOf(request)),
  };
}

/** starLiveSdk: rooms live now (most watched first), then the last ones to end (at most 50 in all). */
export async function liveRoomList(ctx: AppContext, request: FastifyRequest) {
  const rows = await ctx.db
    .select({ room: liveRooms, nickName: users.nickName, avatarUrl: users.avatarUrl })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.authorId))
    .where(sql`${liveRooms.status} <> 'IDLE'`)
    .orderBy(sql`${liveRooms.status} = 'LIVE' desc`, desc(liveRooms.startedAt), desc(liveRooms.id))
    .limit(50);
  const online = await onlineCounts(
    ctx,
    rows.map((r) => r.room.id),
  );
  const rooms = rows.map((r) => roomRecord(ctx, request, r.room, r, online.get(r.room.id) ?? 0));
  rooms.sort((a, b) => Number(b.isLive) - Number(a.isLive) || b.online - a.online);
  return { sdkVersion: "hls-1", rooms };
}

async function roomWithAuthor(db: Db, roomId: number) {
  const [row] = await db
    .select({ room: liveRooms, nickName: users.nickName, avatarUrl: users.avatarUrl })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.authorId))
    .where(eq(liveRooms.id, roomId));
  return row ?? null;
}

export async function roomById(db: Db, roomId: number): Promise<RoomRow | null> {
  const [room] = await db.select().from(liveRooms).where(eq(liveRooms.id, roomId));
  return room ?? null;
}

/**
 * Whether someone may watch a room now, read from the database every time (never cached: it is
 * what keeps paid streams paid): FREE anyone, one's own room, SVIP members, CHARGE ticket holders.
 */
export async function lockOf(
  ctx: AppContext,
  room: RoomRow,
  userId: number | null,
): Promise<"SVIP" | "CHARGE" | null> {
  return (await locksOf(ctx, room, [userId])).get(userId) ?? null;
}

/** `lockOf` for many people at once (null: someone not signed in), in at most one query. */
export async function locksOf(
  ctx: AppContext,
  room: RoomRow,
  userIds: readonly (number | null)[],
): Promise<Map<number | null, "SVIP" | "CHARGE" | null>> {
  const free = room.watchLevel === WatchLevel.FREE;
  const level = room.watchLevel === WatchLevel.SVIP ? "SVIP" : "CHARGE";
  const locks = new Map(userIds.map((id) => [id, free || id === room.authorId ? null : level] as const));
  const people = [...locks.entries()]
    .filter((entry): entry is [number, "SVIP" | "CHARGE"] => entry[0] !== null && entry[1] !== null)
    .map(([id]) => id);
  if (people.length === 0) return locks;
  if (level === "SVIP") {
    const members = await ctx.db
      .select({ id: users.id, vipPermanent: users.vipPermanent, vipExpiresAt: users.vipExpiresAt })
      .from(users)
      .where(inArray(users.id, people));
    for (const member of members) if (isVipNow(member, ctx.now())) locks.set(member.id, null);
    return locks;
  }
  const holders = await ctx.db
    .select({ userId: liveTickets.userId })
    .from(liveTickets)
    .where(and(eq(liveTickets.roomId, room.id), inArray(liveTickets.userId, people)));
  for (const holder of holders) locks.set(holder.userId, null);
  return locks;
}

export async function roomDetail(
  ctx: AppContext,
  request: FastifyRequest,
  roomId: number,
  userId: number | null,
): Promise<ResponseOf<"game.liveRoom">> {
  const found = await roomWithAuthor(ctx.db, roomId);
  if (!found) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  const { room } = found;
  const online = (await onlineCounts(ctx, [room.id])).get(room.id) ?? 0;
  const record = roomRecord(ctx, request, room, found, online);
  const lockedBy = await lockOf(ctx, room, userId);
  const id = String(room.id);
  return {
    ...record,
    status: record.isLive ? "LIVE" : room.status === "IDLE" ? "IDLE" : "ENDED",
    endedAt: room.endedAt === null || record.isLive ? null : formatDateTime(room.endedAt, offsetOf(request)),
    renditions: record.isLive
      ? room.renditions.map((r) => ({
          resolution: r.height > 0 ? `${String(r.height)}p` : "SRC",
          videoPlayUrl: `/api/live/hls/${id}/${r.name}.m3u8`,
        }))
      : [],
    canWatch: lockedBy === null,
    lockedBy,
    isOwner: room.authorId === userId,
    chatUrl: `/api/live/chat/${id}/events`,
    chatMaxLength: limits.commentMaxLength,
  };
}

function rtmpUrlOf(ctx: AppContext, listeningPort: number | null): string | null {
  const { live } = ctx.config;
  if (live.rtmpPublicUrl !== null) return live.rtmpPublicUrl;
  if (listeningPort === null) return null;
  const host = new URL(ctx.origin()).hostname;
  return `rtmp://${host}:${String(listeningPort)}/live`;
}

function myRoomRecord(
  ctx: AppContext,
  room: RoomRow,
  rtmpPort: number | null,
): ResponseOf<"game.liveMyRoom"> {
  return {
    roomId: String(room.id),
    title: room.title,
    watchLevel: room.watchLevel as WatchLevel,
    price: room.price,
    status: isLiveNow(ctx, room) ? "LIVE" : room.status === "IDLE" ? "IDLE" : "ENDED",
    rtmpUrl: rtmpUrlOf(ctx, rtmpPort),
    streamKey: streamKey(ctx, room.id, room.keyVersion),
    priceMin: ctx.config.creation.priceMin,
    priceMax: ctx.config.creation.priceMax,
  };
}

/** An author's room, made on first ask (titled after them). */
export async function myRoom(ctx: AppContext, userId: number, rtmpPort: number | null) {
  const [existing] = await ctx.db.select().from(liveRooms).where(eq(liveRooms.authorId, userId));
  if (existing) return myRoomRecord(ctx, existing, rtmpPort);
  const [me] = await ctx.db.select({ nickName: users.nickName }).from(users).where(eq(users.id, userId));
  await ctx.db
    .insert(liveRooms)
    .values({
      authorId: userId,
      title: Array.from(me?.nickName ?? "Live")
        .slice(0, 40)
        .join(""),
    })
    .onConflictDoNothing();
  const [room] = await ctx.db.select().from(liveRooms).where(eq(liveRooms.authorId, userId));
  if (!room) throw new Error("live room not made");
  return myRoomRecord(ctx, room, rtmpPort);
}

export async function saveMyRoom(
  ctx: AppContext,
  { body, caller }: SignedInInput<"game.liveSaveRoom">,
  rtmpPort: number | null,
) {
  const { priceMin, priceMax } = ctx.config.creation;
  const charge = body.watchLevel === WatchLevel.CHARGE;
  if (charge && (body.price < priceMin || body.price > priceMax))
    throw new BusinessError(BusinessCode.invalid, ServerMessage.livePriceRange, {
      min: formatAmount(priceMin),
      max: formatAmount(priceMax),
    });
  await myRoom(ctx, caller.userId, rtmpPort);
  const room = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(liveRooms)
      .set({ title: body.title, watchLevel: body.watchLevel, price: charge ? body.price : 0 })
      .where(eq(liveRooms.authorId, caller.userId))
      .returning();
    if (!saved) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    // Every process tells its chat streams of the room what each viewer needs now (the streams
    // go on: anyone reads the chat, Step 19).
    await notifyAccess(tx, saved.id);
    return saved;
  });
  return myRoomRecord(ctx, room, rtmpPort);
}

/**
 * A new stream key: the old one stops working, and a broadcast using it ends at once — also one
 * whose encoder dropped and is within its reconnect grace — on whichever process takes the
 * streams (told with NOTIFY when the reset commits).
 */
export async function resetMyKey(ctx: AppContext, userId: number, rtmpPort: number | null) {
  await myRoom(ctx, userId, rtmpPort);
  const room = await ctx.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(liveRooms)
      .set({ keyVersion: sql`${liveRooms.keyVersion} + 1` })
      .where(eq(liveRooms.authorId, userId))
      .returning();
    if (!reset) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    await notifyKeyReset(tx, reset.id, reset.keyVersion);
    return reset;
  });
  return { room, record: myRoomRecord(ctx, room, rtmpPort) };
}

/** A ticket to a CHARGE room, with gold: idempotent, one per person and room, one journal. */
export async function buyTicket(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"game.liveBuyTicket">,
): Promise<ResponseOf<"game.liveBuyTicket">> {
  return idempotent(ctx, request, caller.userId, "game.liveBuyTicket", body, async (tx) => {
    const room = await roomById(tx, Number(body.roomId));
    if (!room) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    if (room.watchLevel !== WatchLevel.CHARGE)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.liveNoTicket);
    if (room.authorId === caller.userId)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.liveOwnRoom);
    const [ticket] = await tx
      .insert(liveTickets)
      .values({ userId: caller.userId, roomId: room.id, amount: room.price })
      .onConflictDoNothing()
      .returning({ id: liveTickets.id });
    if (!ticket) throw new BusinessError(BusinessCode.conflict, ServerMessage.liveTicketOwned);
    const posted =
      room.price > 0
        ? await post(tx, {
            kind: "BUY_LIVE_TICKET",
            reference: `live_tickets:${String(ticket.id)}`,
            legs: [
              { account: userAccount(caller.userId, BalanceType.GOLD), amount: -room.price },
              { account: platform(PlatformAccount.REVENUE), amount: room.price },
            ],
          })
        : null;
    const balance =
      posted?.balances.get(`${String(caller.userId)}:${BalanceType.GOLD}`) ??
      (await balancesOf(tx, caller.userId)).GOLD;
    return { paidAmount: room.price, balance };
  });
}

/** The last messages of a room, oldest first. */
export async function chatHistory(db: Db, roomId: number) {
  const rows = await db
    .select({ message: liveMessages, nickName: users.nickName, avatarUrl: users.avatarUrl })
    .from(liveMessages)
    .innerJoin(users, eq(users.id, liveMessages.userId))
    .where(and(eq(liveMessages.roomId, roomId), sql`${liveMessages.removedAt} is null`))
    .orderBy(desc(liveMessages.id))
    .limit(CHAT_HISTORY);
  return rows.reverse().map((r) => messageRecord(r.message, r));
}

export function messageRecord(message: typeof liveMessages.$inferSelect, author: Author) {
  return {
    id: String(message.id),
    roomId: String(message.roomId),
    userId: String(message.userId),
    nickName: author.nickName,
    avatarUrl: author.avatarUrl,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
  };
}

/**
 * End LIVE rooms no ingest has renewed for LIVE_STALE_MS (their process died or restarted): a
 * running ingest renews its rooms every SEEN_EVERY_MS, so none of its rooms is touched.
 */
export async function endAbandonedRooms(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const ended = await ctx.db
    .update(liveRooms)
    .set({ status: "ENDED", endedAt: now, session: null })
    .where(
      and(
        eq(liveRooms.status, "LIVE"),
        or(isNull(liveRooms.seenAt), lt(liveRooms.seenAt, new Date(now.getTime() - LIVE_STALE_MS))),
      ),
    )
    .returning({ id: liveRooms.id });
  if (ended.length > 0)
    ctx.log.info({ area: "live", rooms: ended.map((r) => r.id) }, "ended rooms no ingest renews");
}
