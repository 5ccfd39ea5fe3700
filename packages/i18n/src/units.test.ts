import { Language, MessageKey, ServerMessageKey, message } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { activateLanguage, createI18n, loadCatalog, translateMessage } from "./activate";
import { readFileSync, readdirSync } from "node:fs";
import { messageText } from "./messages";
import { MoneyUnit, unitName } from "./unit-names";
import { unitValues } from "./unit-values";
import { amountIn } from "./units";

/** Issue 37, item 9: one name per kind of money, from units.ts, wherever an amount has a unit. */
describe("money units", () => {
  it("names each unit, and writes amounts with it, in both languages", async () => {
    const i18n = createI18n();
    await activateLanguage(i18n, Language.zhCN, { store: null, document: null });
    expect(unitName(i18n, MoneyUnit.gold)).toBe("金币");
    expect(amountIn(i18n, MoneyUnit.gold, 1250)).toBe("12.50 金币");
    expect(amountIn(i18n, MoneyUnit.yuan, 1250)).toBe("¥12.50");
    await activateLanguage(i18n, Language.enUS, { store: null, document: null });
    expect(unitName(i18n, MoneyUnit.gold)).toBe("Gold");
    expect(amountIn(i18n, MoneyUnit.gold, 1250)).toBe("12.50 Gold");
    expect(amountIn(i18n, MoneyUnit.ee, 100)).toBe("1.00 EE coins");
    for (const unit of Object.values(MoneyUnit)) {
      expect(unitName(i18n, unit), unit).not.toMatch(/^unit\./);
    }
    // The placeholders of the server's sentences read the same names, by id.
    expect(unitValues(i18n)).toEqual({
      unitGold: "Gold",
      unitWallet: unitName(i18n, MoneyUnit.wallet),
      unitGame: unitName(i18n, MoneyUnit.game),
      unitGameBonus: unitName(i18n, MoneyUnit.gameBonus),
      unitEe: unitName(i18n, MoneyUnit.ee),
      unitYuan: unitName(i18n, MoneyUnit.yuan),
    });
  });

  it("gives the withdrawal minimum and the server's sentences gold's one name", async () => {
    const i18n = createI18n();
    await activateLanguage(i18n, Language.zhCN, { store: null, document: null });
    await loadCatalog(i18n, "money");
    const below = message(MessageKey.withdrawBelowMinimum, { minimum: "10.00" });
    expect(translateMessage(i18n, below)).toBe("单笔最低提现 10.00 金币");
    expect(messageText("zh-CN", MessageKey.withdrawBelowMinimum, { minimum: "10.00" })).toBe(
      "单笔最低提现 10.00 金币",
    );
    expect(messageText("zh-CN", ServerMessageKey.withdrawAboveMaximum, { max: "5000.00" })).toBe(
      "单笔提现最多 5000.00 金币",
    );
    expect(messageText("en-US", ServerMessageKey.balanceTooLow)).toBe(
      "Not enough Gold: please recharge first",
    );
  });

  it("leaves no other name for gold in any catalog (金贝, gold shells)", () => {
    const found = ["zh-CN", "en-US"].flatMap((locale) => {
      const dir = new URL(`./locales/${locale}/`, import.meta.url);
      return readdirSync(dir)
        .filter((file) => file.endsWith(".po"))
        .flatMap((file) => readFileSync(new URL(file, dir), "utf8").split("\n"))
        .filter((line) => line.startsWith("msgstr") && /金贝|gold shell/i.test(line));
    });
    expect(found).toEqual([]);
  });
});
