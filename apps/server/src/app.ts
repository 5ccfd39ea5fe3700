import { existsSync } from "node:fs";
import { join } from "node:path";
import Fastify from "fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "./context";
import { configScript, loadAppPage } from "./http/app-page";
import { consoleRoutes } from "./http/console-page";
import type { H5Config } from "./http/app-page";
import { readPageData, withPageData } from "./http/page-data";
import { BusinessError, Unauthenticated } from "./http/errors";
import { loggableError } from "./http/loggable";
import { BadCursor } from "./db/keyset";
import { isDatabaseAway } from "./db/errors";
import { isRetryable } from "./db/transaction";
import { healthRoutes } from "./http/health";
import { ServerMessage, refusal } from "./http/messages";
import { addSecurityHeaders, isResourceUrl } from "./http/security-headers";
import { mediaRoutes } from "./modules/media/routes";
import { authRoutes } from "./modules/auth/routes";
import { contactsRoutes } from "./modules/contacts/routes";
import { substanceRoutes } from "./modules/substance/routes";
import { postingRoutes } from "./modules/posting/routes";
import { searchRoutes } from "./modules/search/routes";
import { panelRoutes } from "./modules/marketing/routes";
import { tradeRoutes } from "./modules/trade/routes";
import { systemRoutes } from "./modules/system/routes";
import { TrackingBuffer } from "./modules/tracking/buffer";
import { trackingRoutes } from "./modules/tracking/routes";
import { uploadRoutes } from "./modules/upload/routes";
import { userRoutes } from "./modules/user/routes";
import { paymentChannels } from "./providers/payments/provider";
import { gameRoutes } from "./modules/game/routes";
import { liveRoutes } from "./modules/live/routes";
import { adminRoutes } from "./modules/admin/routes";
import { sandboxSecret } from "./providers/payments/sandbox-secret";
import { SandboxSmsGateway } from "./providers/sms/gateway";
import { sandboxGameRoutes } from "./sandbox/games/routes";
import { SANDBOX_STYLESHEET_PATH, sandboxStylesheet } from "./sandbox/pages";
import { sandboxPaymentRoutes } from "./sandbox/payments/routes";
import { sandboxSupportRoutes } from "./sandbox/support";
import { smsReadbackRoute } from "./sandbox/sms-readback";

/** Query parameters whose values are secrets: access and launch tokens, segment signatures. */
const SECRET_PARAMETERS = new Set(["token", "sig"]);

/**
 * Never log a token: the bearer header, and the URL's `token` and `sig` parameters — named as the
 * server reads them (`%74oken` is `token` to the query parser, so it is to this too).
 */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const parameters = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let read = name;
      try {
        read = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // Not valid percent-encoding: the parser keeps it as written, and so does this.
      }
      return SECRET_PARAMETERS.has(read) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${parameters.join("&")}`;
}

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    redact: ["req.headers.authorization", "req.headers.cookie"],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

export interface BuiltApp {
  readonly app: FastifyInstance;
  readonly tracking: TrackingBuffer;
}

/**
 * One access line per request, when it is answered (Step 13), instead of Fastify's own two
 * ('incoming request', 'request completed'; the issue measured them, with the response check, at
 * ≈ 35 % of a small call's time). The URL is redacted as above; no header is logged.
 */
export function addAccessLog(app: FastifyInstance): void {
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      "request",
    );
    done();
  });
}

/**
 * Every error as the contract answers it: a refusal in the envelope, in the reader's language; a 401
 * for a token to refresh; "busy" for a database that stayed busy; a logged 500 for the rest.
 */
function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof Unauthenticated) {
      return reply
        .status(BusinessCode.unauthenticated)
        .send(refusal(request, BusinessCode.unauthenticated, ServerMessage.refreshInvalid));
    }
    if (error instanceof BusinessError) {
      return reply
        .status(BusinessCode.ok)
        .send(refusal(request, error.code, error.key, error.values, error.data));
    }
    // A list's cursor that is not one of its own (db/keyset.ts): the field is invalid.
    if (error instanceof BadCursor) {
      return reply
        .status(BusinessCode.ok)
        .send(refusal(request, BusinessCode.invalid, ServerMessage.invalidField, { field: "cursor" }));
    }
    // Body parsing and other client mistakes Fastify detects: a business error, never a 500.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply
        .status(BusinessCode.ok)
        .send(refusal(request, BusinessCode.invalid, ServerMessage.invalidRequest));
    }
    // A deadlock or serialisation failure that outlasted `transact`'s retries: nothing was written,
    // and the caller may try again — said so, not a 500 (decision 0023).
    if (isRetryable(error)) {
      request.log.warn({ error: loggableError(error) }, "database busy after retries");
      return reply
        .status(BusinessCode.ok)
        .send(refusal(request, BusinessCode.unavailable, ServerMessage.busy));
    }
    // The database is away (a restart, a network fault): nothing was done; try again shortly.
    if (isDatabaseAway(error)) {
      request.log.warn({ error: loggableError(error) }, "database unavailable");
      return reply
        .status(BusinessCode.ok)
        .send(refusal(request, BusinessCode.unavailable, ServerMessage.busy));
    }
    request.log.error({ error: loggableError(error) }, "unexpected error");
    return reply
      .status(BusinessCode.systemError)
      .send(refusal(request, BusinessCode.systemError, ServerMessage.systemError));
  });
}

/** The whole HTTP surface: the contract's routes, health, the sandbox's pages, the built H5 app. */
export async function buildApp(
  ctx: AppContext,
  app: FastifyInstance = Fastify({ logger: false }),
): Promise<BuiltApp> {
  const tracking = new TrackingBuffer(ctx);
  const h5Config: H5Config = {
    clientId: ctx.config.clientId,
    clientSecret: ctx.secrets.clientSecret,
    reqKey: ctx.secrets.reqKey,
    sandbox: ctx.config.sandbox,
  };
  const h5 = ctx.config.h5Dist;
  const page = existsSync(join(h5, "index.html")) ? loadAppPage(h5, h5Config) : null;
  // First, so every response (API, refusals, 404s, the app's files, media) carries them, and the
  // request's id.
  addSecurityHeaders(app, ctx.config.csp, page ?? undefined);
  // gzip/brotli (quality 4) for what compresses (the app's scripts and styles, lists, playlists);
  // media segments and images are already compressed and pass through as they are. Not below 2 KB
  // (Step 13): compressing a 1.3 KB answer (getInfoById) saved ≈ 0.8 KB and halved the requests a
  // core can answer (docs/perf.md, Step 13).
  const { default: compress } = await import("@fastify/compress");
  await app.register(compress, { threshold: 2048 });

  answerErrors(app);

  healthRoutes(app, ctx);

  // What the H5 app needs before its first call: the public client's id and secret (the Basic
  // header of token endpoints) and the key that seals `req`. They ship to every browser anyway (a
  // public client); serving them keeps them out of the build, so one build runs against any server.
  // The built page has it written in (`app-page.ts`); the dev server's page loads it from here.
  app.get("/api/h5/config.js", async (_request, reply) => {
    return reply
      .header("content-type", "text/javascript; charset=utf-8")
      .header("cache-control", "no-store")
      .send(configScript(h5Config));
  });

  authRoutes(app, ctx);
  userRoutes(app, ctx);
  systemRoutes(app, ctx);
  trackingRoutes(app, ctx, tracking);
  uploadRoutes(app, ctx);
  mediaRoutes(app, ctx);
  substanceRoutes(app, ctx);
  postingRoutes(app, ctx);
  contactsRoutes(app, ctx);
  searchRoutes(app, ctx);
  panelRoutes(app, ctx);
  tradeRoutes(app, ctx);
  gameRoutes(app, ctx);
  liveRoutes(app, ctx);
  adminRoutes(app, ctx);

  // Exists only while the sandbox is on, and only for the machine itself (sandbox/sms-readback.ts).
  if (ctx.sms instanceof SandboxSmsGateway) smsReadbackRoute(app, ctx, ctx.sms);
  // The payment sandbox: another party, served here only while SANDBOX is on (decision 0014).
  if (ctx.config.sandbox) {
    const { trade } = ctx.config;
    sandboxPaymentRoutes(app, {
      db: ctx.db,
      now: () => ctx.now(),
      jobs: ctx.jobs,
      secrets: Object.fromEntries(
        paymentChannels.map((channel) => [
          channel,
          trade.providers[channel].secret ?? sandboxSecret(ctx.secrets.signingKey, channel),
        ]),
      ) as Record<(typeof paymentChannels)[number], string>,
      settleDelayMs: trade.sandboxSettleDelayMs,
      jitterMs: trade.sandboxJitterMs,
      duplicates: trade.sandboxDuplicates,
    });
    // The game sandbox: a provider with one dice game, calling the wallet over HTTP (decision 0021).
    if (ctx.config.game.providerUrl === null) sandboxGameRoutes(app, ctx);
    // The sandbox parties' pages' stylesheet.
    app.get(SANDBOX_STYLESHEET_PATH, (_request, reply) =>
      reply
        .type("text/css; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(sandboxStylesheet),
    );
    // The customer service's, while no support system is configured.
    if (ctx.config.customerServiceUrl === null) sandboxSupportRoutes(app);
  }

  app.addHook("onClose", async () => {
    await tracking.flush();
  });

  // The operators' console (Step 22), when it was built: its page, assets and own policy.
  await consoleRoutes(app, ctx.config.adminDist, ctx.config.csp);

  if (page !== null) {
    const { default: fastifyStatic } = await import("@fastify/static");
    // /home and /videoview carry their first screen's data for a signed-in navigation (decision
    // 0035): that page is this person's, so no shared cache may keep it (`private`, `Vary: Cookie`).
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.type("text/html; charset=utf-8").header("vary", "Cookie");
      const data =
        request.method === "GET"
          ? await readPageData(app, request, ctx.authenticate).catch((error: unknown) => {
              request.log.warn({ error: loggableError(error) }, "page data left out");
              return null;
            })
          : null;
      if (data === null) return reply.header("cache-control", "no-cache").send(page.html);
      return reply.header("cache-control", "private, no-cache").send(withPageData(page.html, data));
    };
    await app.register(fastifyStatic, {
      root: h5,
      wildcard: false,
      // The page itself is sent as this server writes it (with the config), never the raw file.
      index: false,
      globIgnore: ["index.html"],
      // The build's brotli (11) and gzip (9) copies beside each file (decision 0039): smaller than
      // compressing each answer at live settings, and no compression work here.
      preCompressed: true,
      // Vite's hashed files never change under a name; index.html must be asked for every time.
      setHeaders: (response, path) => {
        response.header(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
    // The app's routes are client-side: any other GET (or HEAD, as a monitor asks) that is not the
    // API or an asset gets index.html — as a route, so the page is compressed like every answer
    // (24 KB, 7.5 KB in gzip: decision 0039).
    app.get("/*", (request, reply) => {
      if (!isResourceUrl(request.url)) return sendPage(request, reply);
      reply.callNotFound();
      return reply;
    });
    // Anything else — another method, the API, a missing asset (a stale page asking an old chunk
    // learns it is gone; a service worker caches nothing) — is a 404.
    app.setNotFoundHandler((request, reply) =>
      reply
        .status(BusinessCode.notFound)
        .send(refusal(request, BusinessCode.notFound, ServerMessage.notFound)),
    );
  }
  return { app, tracking };
}
