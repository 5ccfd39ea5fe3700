import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { route } from "../../http/route";
import { balancesOf, balanceTypes } from "./wallet";

/** Trade (spec §7). The wallet core is here; recharge, withdraw and orders build on it. */
export function tradeRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The account wallet list (spec §3): every balance type with its amount in hundredths.
  route(app, ctx, "trade.accountDetail", "user", async ({ caller }) => {
    const balances = await balancesOf(ctx.db, caller.userId);
    return balanceTypes.map((type) => ({ type, wallet: balances[type] }));
  });
}
