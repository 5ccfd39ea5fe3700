import type { I18n, MessageDescriptor } from "@lingui/core";

/**
 * The one place that names the unit of each kind of money (issue 37, item 9): gold (what videos,
 * membership and live tickets are paid with, and what is recharged and withdrawn), the platform
 * wallet, the game balance and its bonus, the EE e-wallet's coins, and yuan (money paid at
 * a provider). Every screen and every server sentence that shows an amount with a unit takes it
 * from here, so a balance never has two names. zh-CN is the source; the descriptors live in the
 * main catalog, which every page and the server load.
 */
export const MoneyUnit = {
  gold: "gold",
  wallet: "wallet",
  game: "game",
  gameBonus: "gameBonus",
  ee: "ee",
  yuan: "yuan",
} as const;
export type MoneyUnit = (typeof MoneyUnit)[keyof typeof MoneyUnit];

/** The unit's name on its own: a balance's label, a price field's unit. */
export const unitNames: Readonly<Record<MoneyUnit, MessageDescriptor>> = {
  gold: /*i18n*/ { id: "unit.gold", message: "金币" },
  wallet: /*i18n*/ { id: "unit.wallet", message: "钱包" },
  game: /*i18n*/ { id: "unit.game", message: "游戏币" },
  gameBonus: /*i18n*/ { id: "unit.gameBonus", message: "游戏奖金" },
  ee: /*i18n*/ { id: "unit.ee", message: "EE 币" },
  yuan: /*i18n*/ { id: "unit.yuan", message: "元" },
};

/** The unit's name in the active language. */
export function unitName(i18n: I18n, unit: MoneyUnit): string {
  return i18n._(unitNames[unit]);
}
