import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../context";
import type { Db } from "../db/database";
import { personLockExpression, tookPersonLock } from "../db/locks";
import { rowsOf } from "../db/subqueries";
import { transact } from "../db/transaction";
import { idempotencyKeys } from "../db/schema";
import { sha256 } from "../security/hashing";
import { BusinessError } from "./errors";
import { ServerMessage } from "./messages";

const KEY = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The request's Idempotency-Key, refused (before anything is done or spent: an SMS code) when it
 * is missing or malformed.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers["idempotency-key"];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY.test(key)) {
    throw new BusinessError(BusinessCode.invalid, ServerMessage.idempotencyKeyMissing);
  }
  return key;
}

/**
 * Run a money call once per Idempotency-Key (spec: a retry never charges twice). The person's
 * money lock comes first (the lock order, db/locks.ts), then the key is claimed in the same
 * transaction as the work: a second call with the key waits for the first to commit, then gets
 * the first answer; if the work fails, the claim rolls back with it and a retry runs afresh. The
 * same key with a different request is refused. A deadlock or serialisation failure runs it again
 * (`transact`).
 */
export async function idempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  endpoint: string,
  body: unknown,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  const requestHash = sha256(`${endpoint}:${JSON.stringify(body)}`);
  return transact(ctx.db, async (tx) => {
    // The person's money lock first (db/locks.ts), taken by the claim's own statement.
    const claimed = rowsOf(
      await tx.execute(sql`
        INSERT INTO ${idempotencyKeys} (user_id, key, endpoint, request_hash, response)
        SELECT ${userId}, ${key}, ${endpoint}, ${requestHash}, 'null'::jsonb
        FROM (SELECT ${personLockExpression(userId)}) AS person_lock
        ON CONFLICT DO NOTHING
        RETURNING key`),
    );
    tookPersonLock(tx, userId);
    if (claimed.length === 0) {
      const [earlier] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (earlier?.requestHash !== requestHash) {
        throw new BusinessError(BusinessCode.conflict, ServerMessage.idempotencyKeyReused);
      }
      return earlier.response as T;
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: result })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return result;
  });
}

/**
 * The answer an earlier call with this request's Idempotency-Key got, if there was one (a retry):
 * calls that spend a one-time proof before their work (an SMS code) answer a retry from here
 * instead of asking for the proof again. Null when the key is new (or missing: `idempotent`
 * refuses that).
 */
export async function earlierAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  endpoint: string,
  body: unknown,
): Promise<unknown> {
  const header = request.headers["idempotency-key"];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY.test(key)) return null;
  const [earlier] = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!earlier) return null;
  if (earlier.requestHash !== sha256(`${endpoint}:${JSON.stringify(body)}`))
    throw new BusinessError(BusinessCode.conflict, ServerMessage.idempotencyKeyReused);
  return earlier.response;
}
