import type { FastifyInstance } from "fastify";
import { apiRoutes } from "./api";
import { pageRoutes } from "./checkout";
import { registerPartyJobs } from "./jobs";
import { paymentParty } from "./party";
import type { SandboxOptions } from "./party";

/** The payment sandbox (party.ts says what it plays), served under /sandbox/pay while SANDBOX is on. */
export function sandboxPaymentRoutes(app: FastifyInstance, options: SandboxOptions): void {
  const party = paymentParty(options);
  registerPartyJobs(party);
  void app.register(
    (scope, _options, done) => {
      // Signed API calls are verified over their exact bytes; pages post plain forms.
      scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, next) => {
        next(null, body);
      });
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string" },
        (_request, body, next) => {
          next(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      apiRoutes(scope, party);
      pageRoutes(scope, party);
      done();
    },
    { prefix: "/sandbox/pay" },
  );
}
