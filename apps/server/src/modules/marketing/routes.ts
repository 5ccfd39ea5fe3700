import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { route } from "../../http/route";
import { balancesOf } from "../trade/wallet";
import { propsOf } from "./props";

/** The 'my' panel's cards (spec §2): props (integral, game token, video card) and balances. */
export function panelRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "marketing.propsList", "user", (input) => propsOf(ctx, input));
  route(app, ctx, "game.userBalance", "user", async ({ caller }) => {
    const balances = await balancesOf(ctx.db, caller.userId);
    return { gold: balances.GOLD, wallet: balances.WALLET, game: balances.GAME };
  });
}
