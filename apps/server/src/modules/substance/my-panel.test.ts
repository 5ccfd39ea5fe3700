import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { startSocial } from "../../../test/social";
import type { Person } from "../../../test/social";
import { purchases } from "../../db/schema";

eachDatabase("the 'my' panel over HTTP", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  let ordinary: Person;

  const db = () => platform.server.ctx.db;

  beforeAll(async () => {
    ({ platform, vip, ordinary } = await startSocial(target));
  });
  afterAll(() => platform.close());

  describe("the 'my' panel", () => {
    it("shows the member's props and balances, from the seeded ledger", async () => {
      expect(await vip.api.marketing.propsList()).toEqual({ integral: 1280, gameToken: 30, videoCard: 2 });
      const [spent] = await db()
        .select({ total: sql<number>`coalesce(sum(${purchases.amount}), 0)`.mapWith(Number), n: count() })
        .from(purchases)
        .where(eq(purchases.userId, Number(vip.userId)));
      expect(spent?.n).toBe(2);
      const gold = 20_000 - (spent?.total ?? 0);
      expect(gold).toBeLessThan(20_000);
      expect(await vip.api.game.userBalance()).toEqual({
        gold,
        wallet: 5_000,
        game: 800,
        gameBonus: 0,
        playable: 800,
        wagerRemaining: 0,
        bonusPercent: 10,
      });
      expect(await vip.api.trade.accountDetail()).toEqual([
        { type: "GOLD", wallet: gold },
        { type: "WALLET", wallet: 5_000 },
        { type: "GAME", wallet: 800 },
        { type: "GAME_BONUS", wallet: 0 },
      ]);
      // Someone without props or spending.
      expect(await ordinary.api.marketing.propsList()).toEqual({ integral: 0, gameToken: 0, videoCard: 0 });
      expect(await ordinary.api.game.userBalance()).toMatchObject({
        gold: 500,
        wallet: 0,
        game: 0,
        gameBonus: 0,
      });
      expect((await ordinary.api.trade.accountDetail()).map((e) => e.type)).toEqual([
        "GOLD",
        "WALLET",
        "GAME",
        "GAME_BONUS",
      ]);
    });
  });
});
