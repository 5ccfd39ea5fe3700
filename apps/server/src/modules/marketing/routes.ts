import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { route } from "../../http/route";
import { propsOf } from "./props";

/** The 'my' panel's props (spec §2): integral, game token, video card (its balances: modules/game). */
export function panelRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "marketing.propsList", "user", (input) => propsOf(ctx, input));
}
