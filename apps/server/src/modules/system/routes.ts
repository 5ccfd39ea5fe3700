import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { appModulesOf, menuConfig } from "./config";
import { route } from "../../http/route";
import { report } from "./reports";

/** The calls of the app's configuration and reports: contract name → handler (logic beside). */
export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "system.appModules", "user", (input) => appModulesOf(ctx, input));
  route(app, ctx, "system.customService", "user", () =>
    Promise.resolve({ url: ctx.config.customerServiceUrl }),
  );
  route(app, ctx, "system.menuConfig", "user", (input) => menuConfig(ctx, input));
  /**
   * The Report menus: a comment, a profile or a published video, never one's own. A second report
   * of the same target by the same person keeps the first (its reason included).
   */
  route(app, ctx, "system.report", "user", (input) => report(ctx, input));
}
