/**
 * The message centre (Step 15): messages written by the events they tell of (a purchase, a
 * withdrawal settled, a review of one's video, a reply to one's comment), each a kind with
 * parameters that the app words in the reader's language. Kinds the person turned off are not
 * written at all.
 */
import { messageKinds } from "@platform/domain";
import type { MessageKind } from "@platform/domain";
import type { MessageBody } from "@platform/api-client/contract";
import type { ResponseOf } from "@platform/api-client";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { intKey, keyset, onPage, pageFrom, planPage } from "../../db/keyset";
import { messages, users } from "../../db/schema";
import { formatDateTime, offsetOf } from "../../http/time";
import type { SignedInInput } from "../../http/route";

/**
 * Write a message to a person, unless they turned its kind off. Called inside the transaction of
 * the event it tells of, so the two are kept or lost together.
 */
export async function writeMessage(db: Db, userId: number, message: MessageBody): Promise<void> {
  await db.execute(sql`
    insert into ${messages} (user_id, kind, params)
    select ${userId}, ${message.kind}, ${JSON.stringify(message.params)}::jsonb
    where exists (
      select 1 from ${users}
      where ${users.id} = ${userId} and ${users.deletedAt} is null
        and not (${message.kind} = any(${users.mutedMessageKinds}))
    )`);
}

async function unread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return row?.n ?? 0;
}

/** How many of a person's messages are unread (the panel's badge caps it at 99). */
export function unreadOf(ctx: AppContext, userId: number): Promise<number> {
  return unread(ctx.db, userId);
}

export async function messageList(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"user.messageList">,
): Promise<ResponseOf<"user.messageList">> {
  const order = keyset("desc", intKey(messages.id));
  const plan = planPage(order, body);
  const mine = eq(messages.userId, caller.userId);
  const rows = await onPage(
    ctx.db
      .select({ message: messages, ...plan.keys })
      .from(messages)
      .$dynamic(),
    plan,
    mine,
  );
  const offset = offsetOf(request);
  return pageFrom(
    order,
    body,
    rows,
    (shown) =>
      shown.map(({ message }) => ({
        ...({ kind: message.kind, params: message.params } as MessageBody),
        id: String(message.id),
        read: message.readAt !== null,
        createTime: formatDateTime(message.createdAt, offset),
      })),
    async () => {
      const [total] = await ctx.db.select({ n: count() }).from(messages).where(mine);
      return total?.n ?? 0;
    },
  );
}

export async function messageRead(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.messageRead">,
): Promise<ResponseOf<"user.messageRead">> {
  const which = body.ids === undefined ? undefined : inArray(messages.id, body.ids.map(Number));
  await ctx.db
    .update(messages)
    .set({ readAt: ctx.now() })
    .where(and(eq(messages.userId, caller.userId), isNull(messages.readAt), which));
  return { total: await unread(ctx.db, caller.userId) };
}

async function settingsOf(ctx: AppContext, userId: number): Promise<ResponseOf<"user.messageSettings">> {
  const [row] = await ctx.db
    .select({ muted: users.mutedMessageKinds })
    .from(users)
    .where(eq(users.id, userId));
  const muted = new Set(row?.muted ?? []);
  return { kinds: messageKinds.map((kind) => ({ kind, enabled: !muted.has(kind) })) };
}

export function messageSettings(
  ctx: AppContext,
  { caller }: SignedInInput<"user.messageSettings">,
): Promise<ResponseOf<"user.messageSettings">> {
  return settingsOf(ctx, caller.userId);
}

/** Turn a kind on or off: one statement, so two taps at once cannot lose each other's change. */
export async function saveMessageSettings(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.saveMessageSettings">,
): Promise<ResponseOf<"user.saveMessageSettings">> {
  const kind: MessageKind = body.kind;
  await ctx.db
    .update(users)
    .set({
      mutedMessageKinds: body.enabled
        ? sql`array_remove(${users.mutedMessageKinds}, ${kind})`
        : sql`array_append(array_remove(${users.mutedMessageKinds}, ${kind}), ${kind})`,
    })
    .where(eq(users.id, caller.userId));
  return settingsOf(ctx, caller.userId);
}
