/**
 * What the app is configured with (spec §7 system): its modules, menus by channel, customer
 * service.
 */
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { appModules, menuItems, settings } from "../../db/schema";
import { asksForEnglish } from "../../http/messages";
import { userRow } from "../user/accounts";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";

/** Menu items visible to a channel: those with no channel list, or listing it. */
function visibleTo(channel: string) {
  return (item: { channels: string[] }) => item.channels.length === 0 || item.channels.includes(channel);
}

export async function appModulesOf(
  ctx: AppContext,
  { caller, request }: SignedInInput<"system.appModules">,
): Promise<ResponseOf<"system.appModules">> {
  const english = asksForEnglish(request);
  const user = await userRow(ctx, caller.userId);
  const modules = await ctx.db.select().from(appModules).orderBy(asc(appModules.sort));
  const items = await ctx.db.select().from(menuItems);
  const [navigation] = await ctx.db.select().from(settings).where(eq(settings.key, "navigationSwitch"));
  return {
    modules: modules.map((m) => ({
      id: String(m.id),
      moduleKey: m.moduleKey,
      // In the request's language; a module without an English name keeps its Chinese one.
      name: english && m.nameEn !== "" ? m.nameEn : m.name,
      iconUrl: m.iconUrl,
      sort: m.sort,
      linkType: m.linkType,
      linkTarget: m.linkTarget === "INNER_LINK" || m.linkTarget === "OUTER_LINK" ? m.linkTarget : null,
      linkUrl: m.linkUrl,
    })),
    allowedMenuKeys: items.filter(visibleTo(user.channelTagId)).map((i) => i.figmaKey),
    navigationSwitch: Number(navigation?.value ?? 0) || 0,
  };
}

export async function menuConfig(
  ctx: AppContext,
  { body, caller }: SignedInInput<"system.menuConfig">,
): Promise<ResponseOf<"system.menuConfig">> {
  const user = await userRow(ctx, caller.userId);
  const items = await ctx.db
    .select()
    .from(menuItems)
    .where(eq(menuItems.type, body.type))
    .orderBy(asc(menuItems.sort));
  return items
    .filter(visibleTo(user.channelTagId))
    .map((i) => ({ figmaKey: i.figmaKey, name: i.name, sort: i.sort }));
}
