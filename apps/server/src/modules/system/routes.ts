import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { appModulesOf, menuConfig } from "./config";
import { BusinessCode } from "@platform/domain";
import { BusinessError } from "../../http/errors";
import { ServerMessage, asksForEnglish } from "../../http/messages";
import { route } from "../../http/route";
import { SANDBOX_SUPPORT_PATH } from "../../providers/support/address";
import { report } from "./reports";

/** The calls of the app's configuration and reports: contract name → handler (logic beside). */
export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "system.appModules", "user", (input) => appModulesOf(ctx, input));
  // The configured support system; with none, the sandbox's page while SANDBOX is on (never an
  // address that goes nowhere), else 'unavailable'.
  route(app, ctx, "system.customService", "user", ({ request }) => {
    const configured = ctx.config.customerServiceUrl;
    if (configured !== null) return Promise.resolve({ url: configured });
    if (!ctx.config.sandbox)
      throw new BusinessError(BusinessCode.unavailable, ServerMessage.customerServiceUnavailable);
    const lang = asksForEnglish(request) ? "en_US" : "zh_CN";
    return Promise.resolve({ url: `${ctx.origin()}${SANDBOX_SUPPORT_PATH}?lang=${lang}` });
  });
  route(app, ctx, "system.menuConfig", "user", (input) => menuConfig(ctx, input));
  /**
   * The Report menus: a comment, a profile or a published video, never one's own. A second report
   * of the same target by the same person keeps the first (its reason included).
   */
  route(app, ctx, "system.report", "user", (input) => report(ctx, input));
}
