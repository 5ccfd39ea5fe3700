/** Follow and unfollow (spec §4): not oneself, both idempotent, `userId` must be the caller. */
import { and, count, eq, isNull } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import { follows, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { onlySelf } from "../../http/guards";
import { ServerMessage } from "../../http/messages";
import { forgetViewer } from "../substance/viewer";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

async function fansOf(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(follows).where(eq(follows.followUserId, userId));
  return row?.n ?? 0;
}

/** The live user a follow call names (refused: another caller's call, oneself, no such user). */
async function target(
  ctx: AppContext,
  callerId: number,
  body: { followUserId: string; userId: string },
): Promise<number> {
  onlySelf(callerId, body.userId);
  const id = Number(body.followUserId);
  if (id === callerId) throw new BusinessError(BusinessCode.invalid, ServerMessage.cannotFollowSelf);
  const [user] = Number.isSafeInteger(id)
    ? await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
    : [];
  if (!user) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return user.id;
}

export async function follow(
  ctx: AppContext,
  { body, caller }: SignedInInput<"contacts.follow">,
): Promise<ResponseOf<"contacts.follow">> {
  const followUserId = await target(ctx, caller.userId, body);
  await ctx.db.insert(follows).values({ userId: caller.userId, followUserId }).onConflictDoNothing();
  forgetViewer(ctx, caller.userId);
  return { hasFollow: true, fansCount: await fansOf(ctx, followUserId) };
}

export async function unfollow(
  ctx: AppContext,
  { body, caller }: SignedInInput<"contacts.unfollow">,
): Promise<ResponseOf<"contacts.unfollow">> {
  const followUserId = await target(ctx, caller.userId, body);
  await ctx.db
    .delete(follows)
    .where(and(eq(follows.userId, caller.userId), eq(follows.followUserId, followUserId)));
  forgetViewer(ctx, caller.userId);
  return { hasFollow: false, fansCount: await fansOf(ctx, followUserId) };
}
