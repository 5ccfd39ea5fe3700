import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { appModules, menuItems, settings } from "../../db/schema";
import { route } from "../../http/route";
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
}
