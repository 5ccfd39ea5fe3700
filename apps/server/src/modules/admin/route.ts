/**
 * How a call of the operators' console is served (Step 22): the operator's session found from the
 * bearer token (none: 401; an app user's token: 403), the role checked against the call's
 * permission (403), the request validated against `@platform/api-client/admin`'s schema (400), the
 * work done as the operator's cause (the ledger records them), and real HTTP statuses for every
 * refusal, in the envelope the product uses ({code, msg, msgKey, data}).
 */
import { adminAccess, adminPath, adminSchemas, mayDo } from "@platform/api-client/admin";
import type { AdminEndpointName, AdminResponse, OperatorRole } from "@platform/api-client/admin";
import { BusinessCode } from "@platform/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { withCause } from "../../db/cause";
import { isDatabaseAway } from "../../db/errors";
import { isRetryable } from "../../db/transaction";
import { BusinessError } from "../../http/errors";
import { loggableError } from "../../http/loggable";
import { ServerMessage, isMessageId, refusal } from "../../http/messages";
import { unusableField } from "../../http/route";
import type { AuditActor } from "./audit";
import { operatorOf } from "./operators";
import type { SignedInOperator } from "./operators";

export interface AdminInput<K extends AdminEndpointName> {
  readonly body: z.output<(typeof adminSchemas)[K]["request"]>;
  /** The signed-in operator (absent only for signing in). */
  readonly operator: SignedInOperator;
  /** Who acts, for the audit log. */
  readonly who: AuditActor;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** The bearer token of a request, or null. */
export function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{16,200})$/.exec(header ?? "");
  return match?.[1] ?? null;
}

/**
 * The operator of a request's token (header, or `?token=` for media), or the refusal: 401 when no
 * open operator session has it, 403 when it is an app user's.
 */
export async function operatorOrRefusal(
  ctx: AppContext,
  token: string | null,
): Promise<SignedInOperator | BusinessError> {
  const operator = token === null ? null : await operatorOf(ctx, token);
  if (operator) return operator;
  if (token !== null && (await ctx.authenticate(`Bearer ${token}`)) !== null)
    return new BusinessError(BusinessCode.forbidden, ServerMessage.operatorAppToken);
  return new BusinessError(BusinessCode.unauthenticated, ServerMessage.operatorSessionOver);
}

/** A refusal's HTTP status: the code when it is one (400–599), else 400. */
function statusOf(code: number): number {
  return code >= 400 && code < 600 ? code : 400;
}

/** Every error of the console's scope as a real status in the envelope; a logged 500 for the rest. */
export function answerConsoleErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error, request, reply) => {
    if (error instanceof BusinessError) {
      return reply
        .status(statusOf(error.code))
        .send(refusal(request, error.code, error.key, error.values, error.data));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.status(status).send(refusal(request, BusinessCode.invalid, ServerMessage.invalidRequest));
    }
    if (isRetryable(error) || isDatabaseAway(error)) {
      request.log.warn({ error: loggableError(error) }, "database busy or away");
      return reply.status(503).send(refusal(request, BusinessCode.unavailable, ServerMessage.busy));
    }
    request.log.error({ error: loggableError(error) }, "unexpected error");
    return reply.status(500).send(refusal(request, BusinessCode.systemError, ServerMessage.systemError));
  });
}

/** Register one console call on the scope. */
export function adminRoute<K extends AdminEndpointName>(
  scope: FastifyInstance,
  ctx: AppContext,
  name: K,
  handler: (input: AdminInput<K>) => Promise<AdminResponse<K>>,
): void {
  const access = adminAccess[name];
  const schema = adminSchemas[name];
  scope.post(adminPath(name), async (request, reply) => {
    let operator: SignedInOperator | null = null;
    if (access !== "public") {
      const found = await operatorOrRefusal(ctx, bearerOf(request.headers.authorization));
      if (found instanceof BusinessError) throw found;
      operator = found;
      if (access !== "operator" && !mayDo(operator.row.role as OperatorRole, access))
        throw new BusinessError(BusinessCode.forbidden, ServerMessage.operatorNotAllowed);
    }
    const raw = (request.body ?? {}) as unknown;
    const unusable = unusableField(raw);
    if (unusable !== null)
      throw new BusinessError(BusinessCode.invalid, ServerMessage.unusableCharacters, { field: unusable });
    const parsed = schema.request.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue && isMessageId(issue.message)) throw new BusinessError(BusinessCode.invalid, issue.message);
      throw new BusinessError(BusinessCode.invalid, ServerMessage.invalidField, {
        field: issue?.path.join(".") || "request",
      });
    }
    const who: AuditActor = {
      operatorId: operator?.row.id ?? null,
      actor: operator?.row.login ?? "anonymous",
      address: request.ip,
      requestId: request.id,
    };
    const data = await withCause(
      { actor: "operator", actorId: who.actor, requestId: request.id, address: request.ip },
      () =>
        handler({
          body: parsed.data as z.output<(typeof adminSchemas)[K]["request"]>,
          operator: operator as unknown as SignedInOperator,
          who,
          request,
          reply,
        }),
    );
    if (ctx.config.validateResponses) schema.response.parse(data);
    return { code: BusinessCode.ok, msg: "success", data: data ?? null };
  });
}
