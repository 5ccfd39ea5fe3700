import { decryptReq, endpoints, hasForbiddenCharacter } from "@platform/api-client/contract";
import type { EndpointName } from "@platform/api-client/contract";
import { schemas } from "@platform/api-client/contract";
import type { ResponseOf } from "@platform/api-client";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../context";
import type { Caller } from "./caller";
import { withCause } from "../db/cause";
import type { Cause } from "../db/cause";
import { sameText } from "../security/hashing";
import { BusinessError, Unauthenticated } from "./errors";
import { loggableError } from "./loggable";
import { isRetryable } from "../db/transaction";
import { isDatabaseAway } from "../db/errors";
import { ServerMessage, isMessageId } from "./messages";

/**
 * The cause of what a request writes: the signed-in person (`personId`), else the system acting
 * for a visitor; a provider's signed call names the provider instead (`providerCause`).
 */
export function causeOf(request: FastifyRequest, personId: string | null): Cause {
  return personId === null
    ? { actor: "system", actorId: "visitor", requestId: request.id, address: request.ip }
    : { actor: "person", actorId: personId, requestId: request.id, address: request.ip };
}

/** The cause of what a provider's signed call writes (a payment notification, a game's bet). */
export function providerCause(request: FastifyRequest, provider: string): Cause {
  return { actor: "provider", actorId: provider, requestId: request.id, address: request.ip };
}

/**
 * In a scope of calls from other servers (providers' notifications, the game wallet): an error
 * answers a real HTTP status — 413 for a body over the limit, 415 for a type the scope does not
 * read, 400 for a body that does not parse, 503 when the database stayed busy past the retries or
 * is away (no connection in time: nothing was written), 500 (logged) for anything else — never the
 * envelope's HTTP 200, which a provider would take for a receipt.
 */
export function refuseWithStatus(scope: FastifyInstance): void {
  scope.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500)
      return reply.status(status).send({ ok: false, error: "refused" });
    // Busy past `transact`'s retries: nothing was written; the caller sends it again.
    if (isRetryable(error) || isDatabaseAway(error)) {
      request.log.warn({ error: loggableError(error) }, "database busy or away");
      return reply.status(503).send({ ok: false, error: "busy" });
    }
    request.log.error({ error: loggableError(error) }, "unexpected error");
    return reply.status(500).send({ ok: false, error: "internal" });
  });
}

/** How a route is reached: signed-in users, anyone, or token endpoints (encrypted `req`). */
export type Access = "user" | "public";

export interface RouteInput<K extends EndpointName> {
  /** The request, validated against the contract (defaults filled). */
  readonly body: z.output<(typeof schemas)[K]["request"]>;
  readonly caller: Caller | null;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export interface SignedInInput<K extends EndpointName> extends RouteInput<K> {
  readonly caller: Caller & { readonly userId: number };
}

/** `curtime` of a token request may be at most this far from the server's clock. */
export const CURTIME_WINDOW_MS = 5 * 60_000;

/** A token endpoint's params: the Basic client checked, `req` opened, `curtime` within ± 5 min. */
async function tokenParams(ctx: AppContext, request: FastifyRequest): Promise<Record<string, unknown>> {
  const expected = `Basic ${Buffer.from(`${ctx.config.clientId}:${ctx.secrets.clientSecret}`).toString("base64")}`;
  if (!sameText(request.headers.authorization ?? "", expected)) {
    throw new BusinessError(BusinessCode.forbidden, ServerMessage.badClient);
  }
  const body = request.body as { req?: unknown } | null;
  if (typeof body?.req !== "string")
    throw new BusinessError(BusinessCode.invalid, ServerMessage.invalidRequest);
  let params: Record<string, unknown>;
  try {
    params = await decryptReq(body.req, ctx.secrets.reqKey);
  } catch {
    throw new BusinessError(BusinessCode.invalid, ServerMessage.invalidRequest);
  }
  const { curtime, ...rest } = params;
  if (typeof curtime !== "number" || Math.abs(ctx.now().getTime() - curtime) > CURTIME_WINDOW_MS) {
    throw new BusinessError(BusinessCode.invalid, ServerMessage.staleRequest);
  }
  return rest;
}

/** How deep a request body may nest before it is refused unread (no contract goes past a few levels). */
const MAX_DEPTH = 8;

/**
 * The first text of a request holding a character no text may hold (NUL, control characters, a
 * lone surrogate), or nesting deeper than any contract: the path of the field, or null. Checked for
 * every call before its schema, so no text that PostgreSQL cannot store reaches a query whatever a
 * schema forgets (the contract's text schemas refuse the same, for clients).
 */
export function unusableField(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return hasForbiddenCharacter(value) ? path || "request" : null;
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_DEPTH) return path || "request";
  for (const [key, item] of Object.entries(value)) {
    const at = path === "" ? key : `${path}.${key}`;
    if (hasForbiddenCharacter(key)) return at;
    const found = unusableField(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The first problem of a request, as the person should read it. */
function validationError(error: z.ZodError): BusinessError {
  const issue = error.issues[0];
  if (issue && isMessageId(issue.message)) return new BusinessError(BusinessCode.invalid, issue.message);
  const field = issue?.path.join(".") || "request";
  return new BusinessError(BusinessCode.invalid, ServerMessage.invalidField, { field });
}

/**
 * Register one endpoint of the contract: method and path from the table, the request validated
 * against its schema (a bad body is a business error, never a 500 and never a partial write), the
 * caller authenticated, and the answer wrapped in the envelope (and checked against the response
 * schema outside production, so the server cannot drift from the contract unnoticed).
 */
export function route<K extends EndpointName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: K,
  access: "user",
  handler: (input: SignedInInput<K>) => Promise<ResponseOf<K>>,
): void;
export function route<K extends EndpointName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: K,
  access: "public",
  handler: (input: RouteInput<K>) => Promise<ResponseOf<K>>,
): void;
export function route<K extends EndpointName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: K,
  access: Access,
  handler: (input: SignedInInput<K>) => Promise<ResponseOf<K>>,
): void {
  const def = endpoints[name];
  const schema = schemas[name];
  const url = `/api${def.path.replace(/\{(\w+)\}/g, ":$1")}`;
  app.route({
    method: def.method,
    url,
    handler: async (request, reply) => {
      const caller = await ctx.authenticate(request.headers.authorization);
      // Guest sessions (the public pages) have no user: signed-in routes answer them 401 too.
      if (access === "user" && caller?.userId == null) throw new Unauthenticated();
      const raw: Record<string, unknown> =
        "kind" in def && def.kind === "token"
          ? await tokenParams(ctx, request)
          : {
              ...((def.method === "GET" ? request.query : request.body) as Record<string, unknown> | null),
              ...(request.params as Record<string, unknown>),
            };
      const unusable = unusableField(raw);
      if (unusable !== null) {
        throw new BusinessError(BusinessCode.invalid, ServerMessage.unusableCharacters, { field: unusable });
      }
      const parsed = schema.request.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error);
      // What the call writes is the caller's doing (db/cause.ts): the ledger records it.
      const cause = causeOf(request, caller?.userId == null ? null : String(caller.userId));
      const data = await withCause(cause, () =>
        handler({
          body: parsed.data as z.output<(typeof schemas)[K]["request"]>,
          caller: caller as Caller & { userId: number },
          request,
          reply,
        }),
      );
      if (ctx.config.validateResponses) schema.response.parse(data);
      return { code: BusinessCode.ok, msg: "success", data: data ?? null };
    },
  });
}
