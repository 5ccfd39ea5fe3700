/**
 * The customer service party's sandbox: while SANDBOX is on and no CUSTOMER_SERVICE_URL is set,
 * `system.customService` hands the app this page instead of an address that goes nowhere. It says
 * what a real deployment opens there (the support system the URL names), in the reader's language.
 */
import type { FastifyInstance } from "fastify";
import { ServerMessageKey } from "@platform/domain";
import { translate } from "../http/messages";
import type { ServerLanguage } from "../http/messages";
import { SANDBOX_SUPPORT_PATH } from "../providers/support/address";
import { escape, page, pageLanguage } from "./pages";

export function sandboxSupportRoutes(app: FastifyInstance): void {
  app.get(SANDBOX_SUPPORT_PATH, (request, reply) => {
    const { lang } = request.query as { lang?: unknown };
    const language: ServerLanguage =
      lang === "en_US" || lang === "zh_CN" ? lang : pageLanguage(request.headers["accept-language"]);
    const t = (key: ServerMessageKey) => escape(translate(language, key));
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(
        page(
          language,
          translate(language, ServerMessageKey.sandboxSupportTitle),
          `<p>${t(ServerMessageKey.sandboxSupportBody)}</p>`,
          translate(language, ServerMessageKey.sandboxSupportNotice),
        ),
      );
  });
}
