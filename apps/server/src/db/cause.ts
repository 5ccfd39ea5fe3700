/**
 * Who caused the writes being made now (decision 0023): every journal of the ledger records it.
 * The HTTP layer opens a scope per request (the person, or the provider that signed the call,
 * with the request's id and address), the job runner per job (the scope of whoever enqueued it,
 * and the job), the operators' commands per command; `post` reads it.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** Who asks: a signed-in person, an operator, a provider (payments, games), or the system itself. */
export type Actor = "person" | "operator" | "provider" | "system";

export interface Cause {
  readonly actor: Actor;
  /** The person's id, the operator's name, the provider's channel, the system's part (seed…). */
  readonly actorId: string;
  /** The request's id (X-Request-Id), when a request caused it. */
  readonly requestId: string | null;
  /** The caller's address (after TRUST_PROXY), when a request caused it. */
  readonly address: string | null;
  /** The durable job that carried it out, when one did (`withdraw.payout#123`). */
  readonly job?: string | null;
}

const scope = new AsyncLocalStorage<Cause>();

/** Run `work` with `cause` as who causes what it writes. */
export function withCause<T>(cause: Cause, work: () => T): T {
  return scope.run(cause, work);
}

/** The cause of the writes being made now, if a scope is open. */
export function currentCause(): Cause | undefined {
  return scope.getStore();
}

/** A cause as it can be stored with a job (and given back to the job's run). */
export function isCause(value: unknown): value is Cause {
  if (value === null || typeof value !== "object") return false;
  const c = value as Record<string, unknown>;
  return (
    (c.actor === "person" || c.actor === "operator" || c.actor === "provider" || c.actor === "system") &&
    typeof c.actorId === "string" &&
    (c.requestId === null || typeof c.requestId === "string") &&
    (c.address === null || typeof c.address === "string")
  );
}
