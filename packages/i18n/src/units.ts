import type { I18n, MessageDescriptor } from "@lingui/core";
import { formatAmount } from "@platform/domain";
import type { Hundredths } from "@platform/domain";
import type { MoneyUnit } from "./unit-names";

/*
 * Amounts written with their unit (unit-names.ts names the units). Kept apart from the names: the
 * first load of every page needs the names (the server's sentences), not the amounts' formatting.
 */

/** An amount written with its unit ({amount} is the two-decimal text of `formatAmount`). */
export const unitAmounts: Readonly<Record<MoneyUnit, MessageDescriptor>> = {
  gold: /*i18n*/ { id: "unit.gold.amount", message: "{amount} 金币" },
  wallet: /*i18n*/ { id: "unit.wallet.amount", message: "钱包 {amount}" },
  game: /*i18n*/ { id: "unit.game.amount", message: "{amount} 游戏币" },
  gameBonus: /*i18n*/ { id: "unit.gameBonus.amount", message: "{amount} 游戏奖金" },
  ee: /*i18n*/ { id: "unit.ee.amount", message: "{amount} EE 币" },
  yuan: /*i18n*/ { id: "unit.yuan.amount", message: "¥{amount}" },
};

/** Hundredths with their unit in the active language: "12.50 金币", "12.50 Gold", "¥12.50". */
export function amountIn(i18n: I18n, unit: MoneyUnit, amount: Hundredths): string {
  return i18n._({ ...unitAmounts[unit], values: { amount: formatAmount(amount) } });
}
