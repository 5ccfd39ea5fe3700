import { isIP } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../context";
import { ServerMessage, refusal } from "../http/messages";
import { sameText } from "../security/hashing";
import type { SandboxSmsGateway } from "../providers/sms/gateway";

/** The header that carries SANDBOX_READBACK_SECRET when a trusted proxy is in front. */
export const READBACK_SECRET_HEADER = "x-sandbox-secret";

/** Headers a proxy adds: a request carrying one came through a proxy, declared or not. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip", "x-forwarded-host"] as const;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1";
}

/** Whether the server listens only on loopback (a host name other than localhost counts as not). */
export function listensOnLoopbackOnly(host: string): boolean {
  return host === "localhost" || isLoopback(host);
}

/**
 * Whether this request may read a phone's code back: it came to a loopback address from a
 * loopback address, and the client behind any trusted proxy (request.ip, after TRUST_PROXY) is
 * loopback too; with trusted proxies configured, or a proxy's headers on the request, it must also
 * carry the operator's secret, since a proxy on this machine makes every visitor look local.
 */
function mayReadBack(ctx: AppContext, request: FastifyRequest): boolean {
  if (!isLoopback(request.socket.localAddress) || !isLoopback(request.socket.remoteAddress)) return false;
  if (!isLoopback(request.ip)) return false;
  // A proxy on this machine that nobody declared (TRUST_PROXY) still says so in its headers.
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (ctx.config.trustProxy.length === 0 && !forwarded) return true;
  const secret = ctx.config.sandboxReadbackSecret;
  const given = request.headers[READBACK_SECRET_HEADER];
  return secret !== null && typeof given === "string" && sameText(given, secret);
}

/**
 * The SMS sandbox's read-back of the last code sent to a phone, for the app's own tests and a
 * developer's scripts. A live code signs anyone in as that phone, so this is a door unless it is
 * shut to everyone but the machine itself: it exists only while the sandbox is on and the server
 * listens on loopback only, and answers only requests that pass `mayReadBack` (others get 403).
 */
export function smsReadbackRoute(app: FastifyInstance, ctx: AppContext, sandbox: SandboxSmsGateway): void {
  if (!listensOnLoopbackOnly(ctx.config.host)) return;
  app.get("/api/sandbox/sms/last", async (request, reply) => {
    if (!mayReadBack(ctx, request)) {
      return reply
        .status(BusinessCode.forbidden)
        .send(refusal(request, BusinessCode.forbidden, ServerMessage.sandboxLoopbackOnly));
    }
    const mobile = (request.query as { mobile?: unknown }).mobile;
    const last =
      typeof mobile === "string" && /^\d{6,15}$/.test(mobile) ? await sandbox.lastCode(mobile) : null;
    return { code: BusinessCode.ok, msg: "success", data: last };
  });
}
