import { formatAmount } from "@platform/domain";
import { describe, expect, it } from "vitest";
import { panelBalancesOf } from "./balances";

describe("panel balances", () => {
  it("take gold, wallet and game from the account wallet list", () => {
    const balances = panelBalancesOf([
      { type: "GOLD", wallet: 19_550 },
      { type: "WALLET", wallet: 5_000 },
      { type: "GAME", wallet: 805 },
      { type: "GAME_BONUS", wallet: 1 },
    ]);
    expect(balances).toEqual({ gold: 19_550, wallet: 5_000, game: 805 });
    expect([balances.gold, balances.wallet, balances.game].map(formatAmount)).toEqual([
      "195.50",
      "50.00",
      "8.05",
    ]);
  });

  it("read a missing type, or no list at all, as an empty balance", () => {
    expect(panelBalancesOf([{ type: "GOLD", wallet: 500 }])).toEqual({ gold: 500, wallet: 0, game: 0 });
    expect(panelBalancesOf(undefined)).toEqual({ gold: 0, wallet: 0, game: 0 });
  });
});
