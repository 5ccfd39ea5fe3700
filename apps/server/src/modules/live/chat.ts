/**
 * Live chat (decision 0022): signed-in people write (the comment text rules, at most
 * LIVE_CHAT_PER_MINUTE a minute and one per LIVE_CHAT_GAP_MS, taken by one statement in the
 * database so every process holds the same limit however many sends race: `limits.ts`, decision
 * 0025) in a room they may watch, anyone reads (a paid room's chat too: Step 19), the room's
 * author removes.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { ResponseOf } from "@platform/api-client";
import type { AppContext } from "../../context";
import { liveMessages, liveMutes, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import type { SignedInInput } from "../../http/route";
import { notifyRoom } from "./notify";
import { takeChatSend } from "./limits";
import { isLiveNow, lockOf, messageRecord, roomById } from "./rooms";

export async function sendMessage(
  ctx: AppContext,
  { body, caller, reply }: SignedInInput<"game.liveChatSend">,
): Promise<ResponseOf<"game.liveChatSend">> {
  const room = await roomById(ctx.db, Number(body.roomId));
  if (!room) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  if (!isLiveNow(ctx, room)) throw new BusinessError(BusinessCode.invalid, ServerMessage.liveChatClosed);
  // Only those who may watch may talk (anyone reads): the refusal says what opens the chat.
  const lockedBy = await lockOf(ctx, room, caller.userId);
  if (lockedBy !== null)
    throw new BusinessError(
      BusinessCode.forbidden,
      lockedBy === "SVIP" ? ServerMessage.liveChatLockedMember : ServerMessage.liveChatLockedTicket,
    );
  const now = ctx.now();
  // Muted by an operator (Step 22): refused until the mute ends, saying when.
  const [muted] = await ctx.db
    .select({ until: liveMutes.until })
    .from(liveMutes)
    .where(and(eq(liveMutes.roomId, room.id), eq(liveMutes.userId, caller.userId), gt(liveMutes.until, now)));
  if (muted)
    throw new BusinessError(BusinessCode.forbidden, ServerMessage.liveChatMuted, {
      minutes: Math.max(1, Math.ceil((muted.until.getTime() - now.getTime()) / 60_000)),
    });
  const { chatPerMinute, chatGapMs } = ctx.config.live;
  // The limits count sends by when they arrived, not by when a busy server got to them.
  const arrived = new Date(now.getTime() - Math.round(reply.elapsedTime));
  const [author] = await ctx.db
    .select({ nickName: users.nickName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, caller.userId));
  return ctx.db.transaction(async (tx) => {
    // The person's place in the limits, taken in the send's transaction (given back if it fails).
    const refused = await takeChatSend(
      tx,
      caller.userId,
      { perMinute: chatPerMinute, gapMs: chatGapMs },
      arrived,
    );
    if (refused !== null)
      throw new BusinessError(BusinessCode.tooMany, ServerMessage.liveChatTooFast, {
        seconds: Math.max(1, Math.ceil(refused.waitMs / 1000)),
      });
    const [message] = await tx
      .insert(liveMessages)
      .values({ roomId: room.id, userId: caller.userId, content: body.content, createdAt: now })
      .returning();
    if (!message || !author) throw new Error("live message not written");
    const record = messageRecord(message, author);
    await notifyRoom(tx, room.id, { event: "message", data: record });
    return record;
  });
}

/** The room's author takes a message down: gone from every viewer's chat and from the history. */
export async function removeMessage(
  ctx: AppContext,
  { body, caller }: SignedInInput<"game.liveChatRemove">,
): Promise<ResponseOf<"game.liveChatRemove">> {
  const room = await roomById(ctx.db, Number(body.roomId));
  if (!room) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  if (room.authorId !== caller.userId)
    throw new BusinessError(BusinessCode.forbidden, ServerMessage.forbidden);
  return ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .update(liveMessages)
      .set({ removedAt: ctx.now() })
      .where(
        and(
          eq(liveMessages.id, Number(body.messageId)),
          eq(liveMessages.roomId, room.id),
          isNull(liveMessages.removedAt),
        ),
      )
      .returning({ id: liveMessages.id });
    if (!removed) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    await notifyRoom(tx, room.id, { event: "removed", data: { id: String(removed.id) } });
    return { removed: true as const };
  });
}
