import type { PlatformApi } from "@platform/api-client";
import { menuSections } from "@platform/domain";

/**
 * The menu keys this user may see (spec §6): the menu configuration of every section of the panel
 * (VIDEO, ACCOUNT, RECOMMEND, MORE), asked at once, their entries' `figmaKey`s together.
 */
export async function allowedMenuKeysOf(
  api: Pick<PlatformApi, "system">,
  signal?: AbortSignal,
): Promise<string[]> {
  const sections = await Promise.all(menuSections.map((type) => api.system.menuConfig({ type }, { signal })));
  return [...new Set(sections.flat().map((item) => item.figmaKey))];
}
