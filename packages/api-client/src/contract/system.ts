import { MenuConfigType, ReportReason, ReportTarget } from "@platform/domain";
import { z } from "zod";
import { ZEmpty, ZId, ZLink, ZNone } from "./common";

/** A module of the navigation map and home (spec §2 '/' navigation map). */
export const ZAppModule = z.object({
  id: ZId,
  /** Stable key; the 'my' menu shows only children whose key is allowed. */
  moduleKey: z.string(),
  /** The module's name in the request's language (`language` header: en_US or zh_CN). */
  name: z.string(),
  iconUrl: z.string().nullable(),
  sort: z.number().int(),
  ...ZLink.shape,
});

/** One entry of a 'my' menu section (spec §3 menu config item). */
export const ZMenuConfigItem = z.object({
  figmaKey: z.string(),
  name: z.string(),
  sort: z.number().int(),
});

export const systemSchemas = {
  "system.appModules": {
    request: ZEmpty,
    response: z.object({
      modules: z.array(ZAppModule),
      /** Menu keys this user may see (spec §6: menu children are filtered by this list). */
      allowedMenuKeys: z.array(z.string()),
      /** The stored navigation switch: a non-zero number keeps '/' on the navigation map. */
      navigationSwitch: z.number().int(),
    }),
  },
  "system.customService": { request: ZEmpty, response: z.object({ url: z.string() }) },
  "system.menuConfig": {
    request: z.object({ type: z.enum(MenuConfigType) }),
    response: z.array(ZMenuConfigItem),
  },
  /** Report a comment, a profile or a video (the Report menus); reporting again changes nothing. */
  "system.report": {
    request: z.object({
      targetType: z.enum(ReportTarget),
      targetId: ZId,
      reason: z.enum(ReportReason),
    }),
    response: ZNone,
  },
} as const;
