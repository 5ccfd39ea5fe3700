import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { userProps } from "../../db/schema";
import { route } from "../../http/route";
import { balancesOf } from "../trade/wallet";

/** The 'my' panel's cards (spec §2): props (integral, game token, video card) and balances. */
export function panelRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "marketing.propsList", "user", async ({ caller }) => {
    const [props] = await ctx.db.select().from(userProps).where(eq(userProps.userId, caller.userId));
    return {
      integral: props?.integral ?? 0,
      gameToken: props?.gameToken ?? 0,
      videoCard: props?.videoCard ?? 0,
    };
  });

  route(app, ctx, "game.userBalance", "user", async ({ caller }) => {
    const balances = await balancesOf(ctx.db, caller.userId);
    return { gold: balances.GOLD, wallet: balances.WALLET, game: balances.GAME };
  });
}
