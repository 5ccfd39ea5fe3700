import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { route } from "../../http/route";
import { follow, unfollow } from "./follows";

/** Follow and unfollow: contract name → handler (logic in follows.ts). */
export function contactsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "contacts.follow", "user", (input) => follow(ctx, input));
  route(app, ctx, "contacts.unfollow", "user", (input) => unfollow(ctx, input));
}
