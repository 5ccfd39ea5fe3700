import type { I18n, MessageDescriptor } from "@lingui/core";
import { formatAmount } from "@platform/domain";
import type { Hundredths } from "@platform/domain";

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

/** An amount written with its unit ({amount} is the two-decimal text of `formatAmount`). */
export const unitAmounts: Readonly<Record<MoneyUnit, MessageDescriptor>> = {
  gold: /*i18n*/ { id: "unit.gold.amount", message: "{amount} 金币" },
  wallet: /*i18n*/ { id: "unit.wallet.amount", message: "钱包 {amount}" },
  game: /*i18n*/ { id: "unit.game.amount", message: "{amount} 游戏币" },
  gameBonus: /*i18n*/ { id: "unit.gameBonus.amount", message: "{amount} 游戏奖金" },
  ee: /*i18n*/ { id: "unit.ee.amount", message: "{amount} EE 币" },
  yuan: /*i18n*/ { id: "unit.yuan.amount", message: "¥{amount}" },
};

/** The unit's name in the active language. */
export function unitName(i18n: I18n, unit: MoneyUnit): string {
  return i18n._(unitNames[unit]);
}

/** Hundredths with their unit in the active language: "12.50 金币", "12.50 Gold", "¥12.50". */
export function amountIn(i18n: I18n, unit: MoneyUnit, amount: Hundredths): string {
  return i18n._({ ...unitAmounts[unit], values: { amount: formatAmount(amount) } });
}

/**
 * The unit names as placeholders a catalog sentence can use ({unitGold}, {unitEe}, …): the
 * domain's and the server's sentences are worded without React, so `translateMessage` and
 * `messageText` fill these in beside the sentence's own values.
 */
export function unitValues(i18n: I18n): Record<string, string> {
  return {
    unitGold: unitName(i18n, MoneyUnit.gold),
    unitWallet: unitName(i18n, MoneyUnit.wallet),
    unitGame: unitName(i18n, MoneyUnit.game),
    unitGameBonus: unitName(i18n, MoneyUnit.gameBonus),
    unitEe: unitName(i18n, MoneyUnit.ee),
    unitYuan: unitName(i18n, MoneyUnit.yuan),
  };
}
