import type { I18n } from "@lingui/core";

/**
 * The unit names as placeholders a catalog sentence can use ({unitGold}, {unitEe}, …): the
 * domain's and the server's sentences are worded without React, so `translateMessage` and
 * `messageText` fill these in beside the sentence's own values. Read by the ids of unit-names.ts's
 * descriptors (the main catalog, loaded on every page, has them), so every page's first load does
 * not carry the descriptors themselves.
 */
const placeholders = {
  unitGold: "unit.gold",
  unitWallet: "unit.wallet",
  unitGame: "unit.game",
  unitGameBonus: "unit.gameBonus",
  unitEe: "unit.ee",
  unitYuan: "unit.yuan",
} as const;

export function unitValues(i18n: I18n): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, id] of Object.entries(placeholders)) values[name] = i18n._(id);
  return values;
}
