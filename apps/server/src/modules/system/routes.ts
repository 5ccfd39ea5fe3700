import { BusinessCode, ReportTarget } from "@platform/domain";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { appModules, comments, menuItems, reports, settings, users, videos } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import { route } from "../../http/route";
import { isPublished } from "../substance/access";
import { userRow } from "../user/routes";

/** Menu items visible to a channel: those with no channel list, or listing it. */
function visibleTo(channel: string) {
  return (item: { channels: string[] }) => item.channels.length === 0 || item.channels.includes(channel);
}

export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "system.appModules", "user", async ({ caller }) => {
    const user = await userRow(ctx, caller.userId);
    const modules = await ctx.db.select().from(appModules).orderBy(asc(appModules.sort));
    const items = await ctx.db.select().from(menuItems);
    const [navigation] = await ctx.db.select().from(settings).where(eq(settings.key, "navigationSwitch"));
    return {
      modules: modules.map((m) => ({
        id: String(m.id),
        moduleKey: m.moduleKey,
        name: m.name,
        iconUrl: m.iconUrl,
        sort: m.sort,
        linkType: m.linkType,
        linkTarget: m.linkTarget === "INNER_LINK" || m.linkTarget === "OUTER_LINK" ? m.linkTarget : null,
        linkUrl: m.linkUrl,
      })),
      allowedMenuKeys: items.filter(visibleTo(user.channelTagId)).map((i) => i.figmaKey),
      navigationSwitch: Number(navigation?.value ?? 0) || 0,
    };
  });

  route(app, ctx, "system.customService", "user", () =>
    Promise.resolve({ url: ctx.config.customerServiceUrl }),
  );

  route(app, ctx, "system.menuConfig", "user", async ({ body, caller }) => {
    const user = await userRow(ctx, caller.userId);
    const items = await ctx.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.type, body.type))
      .orderBy(asc(menuItems.sort));
    return items
      .filter(visibleTo(user.channelTagId))
      .map((i) => ({ figmaKey: i.figmaKey, name: i.name, sort: i.sort }));
  });

  /**
   * The Report menus: a comment, a profile or a published video, never one's own. A second report
   * of the same target by the same person keeps the first (its reason included).
   */
  route(app, ctx, "system.report", "user", async ({ body, caller }) => {
    const targetId = Number(body.targetId);
    const ownerId = Number.isSafeInteger(targetId) ? await ownerOf(ctx, body.targetType, targetId) : null;
    if (ownerId === null) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
    if (ownerId === caller.userId)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.cannotReportSelf);
    await ctx.db
      .insert(reports)
      .values({ reporterId: caller.userId, targetType: body.targetType, targetId, reason: body.reason })
      .onConflictDoNothing();
    return null;
  });
}

/** Who owns a report's target (null: there is no such live target). */
async function ownerOf(ctx: AppContext, type: ReportTarget, id: number): Promise<number | null> {
  switch (type) {
    case ReportTarget.COMMENT: {
      const [row] = await ctx.db
        .select({ owner: comments.userId })
        .from(comments)
        .where(and(eq(comments.id, id), isNull(comments.deletedAt)));
      return row?.owner ?? null;
    }
    case ReportTarget.USER: {
      const [row] = await ctx.db
        .select({ owner: users.id })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      return row?.owner ?? null;
    }
    case ReportTarget.VIDEO: {
      const [row] = await ctx.db
        .select({ owner: videos.authorId })
        .from(videos)
        .where(and(eq(videos.id, id), isPublished));
      return row?.owner ?? null;
    }
  }
}
