import { and, count, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../../context";
import { follows, users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { route } from "../../http/route";
import { forgetViewer } from "../substance/routes";

async function fansOf(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(follows).where(eq(follows.followUserId, userId));
  return row?.n ?? 0;
}

/** Follow and unfollow (spec §4): not oneself, both idempotent, `userId` must be the caller. */
export function contactsRoutes(app: FastifyInstance, ctx: AppContext): void {
  async function target(callerId: number, body: { followUserId: string; userId: string }): Promise<number> {
    if (body.userId !== String(callerId))
      throw new BusinessError(BusinessCode.forbidden, ServerMessage.notYours);
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

  route(app, ctx, "contacts.follow", "user", async ({ body, caller }) => {
    const followUserId = await target(caller.userId, body);
    await ctx.db.insert(follows).values({ userId: caller.userId, followUserId }).onConflictDoNothing();
    forgetViewer(ctx, caller.userId);
    return { hasFollow: true, fansCount: await fansOf(ctx, followUserId) };
  });

  route(app, ctx, "contacts.unfollow", "user", async ({ body, caller }) => {
    const followUserId = await target(caller.userId, body);
    await ctx.db
      .delete(follows)
      .where(and(eq(follows.userId, caller.userId), eq(follows.followUserId, followUserId)));
    forgetViewer(ctx, caller.userId);
    return { hasFollow: false, fansCount: await fansOf(ctx, followUserId) };
  });
}
