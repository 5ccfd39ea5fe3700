/**
 * Buying a CHARGE video with gold (spec §6): idempotent, one purchase per person, a ledger entry
 * for every movement. The buy is one statement, `buy_video` (migration 0024, decision 0034): the
 * rules of the money core in the database, in the order the server kept them — the buyer's money
 * lock first, the Idempotency-Key claimed in the same transaction, a BUY_VIDEO journal naming its
 * cause, the author paid as its payee, REVENUE last — in one round trip instead of eleven.
 */
import { randomInt } from "node:crypto";
import { BusinessCode } from "@platform/domain";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { currentCause } from "../../db/cause";
import { causeChain } from "../../db/errors";
import { rowsOf } from "../../db/subqueries";
import { retried } from "../../db/transaction";
import { BusinessError } from "../../http/errors";
import { idempotencyKeyOf } from "../../http/idempotency";
import { ServerMessage } from "../../http/messages";
import { sha256 } from "../../security/hashing";
import { PLATFORM_SHARDS } from "../ledger/wallet";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";
import { forgetViewer } from "./viewer";

/** What `buy_video` raises for each refusal (`buy_video:<reason>`), as the person is told it. */
const refusals: Readonly<Record<string, readonly [BusinessCode, ServerMessage]>> = {
  idempotencyKeyReused: [BusinessCode.conflict, ServerMessage.idempotencyKeyReused],
  notFound: [BusinessCode.notFound, ServerMessage.notFound],
  notForSale: [BusinessCode.invalid, ServerMessage.notForSale],
  ownVideo: [BusinessCode.invalid, ServerMessage.ownVideo],
  alreadyBought: [BusinessCode.conflict, ServerMessage.alreadyBought],
  balanceTooLow: [BusinessCode.insufficient, ServerMessage.balanceTooLow],
};

/** The refusal a database error carries (`buy_video:<reason>`, through drizzle's wrapping), or null. */
export function buyRefusal(error: unknown): BusinessError | null {
  for (const { message } of causeChain(error)) {
    const reason = typeof message === "string" ? /^buy_video:(\w+)$/.exec(message)?.[1] : undefined;
    const refusal = reason === undefined ? undefined : refusals[reason];
    if (refusal) return new BusinessError(refusal[0], refusal[1]);
  }
  return null;
}

const ENDPOINT = "substance.buyVideo";

export async function buyVideo(
  ctx: AppContext,
  { body, caller, request }: SignedInInput<"substance.buyVideo">,
): Promise<ResponseOf<"substance.buyVideo">> {
  // Refused before anything is done when the key is missing or malformed.
  const key = idempotencyKeyOf(request);
  const requestHash = sha256(`${ENDPOINT}:${JSON.stringify(body)}`);
  const cause = currentCause();
  if (cause === undefined) throw new Error("a buy outside a cause's scope (db/cause.ts)");
  const { creatorSharePercent } = ctx.config.console;
  // One statement, its own transaction: run again (another REVENUE shard) after a deadlock.
  const bought = await retried(async () => {
    const [row] = rowsOf<{ answer: ResponseOf<"substance.buyVideo"> }>(
      await ctx.db.execute(sql`SELECT buy_video(
        p_user => ${caller.userId}::bigint,
        p_video => ${Number(body.substanceId)}::bigint,
        p_pay_type => ${body.payType}::text,
        p_key => ${key}::text,
        p_endpoint => ${ENDPOINT}::text,
        p_request_hash => ${requestHash}::text,
        p_now => ${ctx.now().toISOString()}::timestamptz,
        p_member_discount => ${ctx.config.memberDiscount}::double precision,
        p_share_percent => ${creatorSharePercent}::integer,
        p_shard => ${randomInt(PLATFORM_SHARDS)}::integer,
        p_actor => ${cause.actor}::text,
        p_actor_id => ${cause.actorId}::text,
        p_request_id => ${cause.requestId}::text,
        p_address => ${cause.address}::text,
        p_job => ${cause.job ?? null}::text
      ) AS answer`),
    );
    if (!row) throw new Error("buy_video answered nothing");
    return row.answer;
  }).catch((error: unknown) => {
    const refusal = buyRefusal(error);
    if (refusal) throw refusal;
    throw error instanceof Error ? error : new Error(String(error));
  });
  forgetViewer(ctx, caller.userId);
  return bought;
}
