import { describe, expect, it } from "vitest";
import {
  GAME_WAGER_MULTIPLE,
  TransferBalance,
  isTransferAllowed,
  transferBalances,
  wageringAfterExchange,
} from "./enums-on-demand";

describe("transfers between one's own balances (decision 0021)", () => {
  it("allows wallet ↔ gold and gold ↔ game, nothing else", () => {
    const allowed = transferBalances.flatMap((from) =>
      transferBalances.filter((to) => isTransferAllowed(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(["GAME→GOLD", "GOLD→GAME", "GOLD→WALLET", "WALLET→GOLD"]);
    expect(isTransferAllowed(TransferBalance.GOLD, TransferBalance.GOLD)).toBe(false);
  });

  it("requires 10 × the exchange plus the balance before; a later exchange adds 10 × it", () => {
    expect(GAME_WAGER_MULTIPLE).toBe(10);
    expect(wageringAfterExchange(2000, 500, 0)).toBe(20_500);
    expect(wageringAfterExchange(1000, 9999, 20_500)).toBe(30_500);
  });
});
