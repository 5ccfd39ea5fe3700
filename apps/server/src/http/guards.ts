/**
 * Guards a handler calls before it acts: each refuses with a business error the person reads, or
 * lets the call through. They know the caller and the request, never a module's rules.
 */
import { BusinessCode } from "@platform/domain";
import type { AppContext } from "../context";
import { BusinessError } from "./errors";
import { ServerMessage } from "./messages";

/** Calls that name a user (`userId`) may only name the caller. */
export function onlySelf(callerId: number, userId: string): void {
  if (String(callerId) !== userId) throw new BusinessError(BusinessCode.forbidden, ServerMessage.notYours);
}

/**
 * Refuse a caller past its per-minute share of a call that writes rows for anyone who asks (a
 * flood from one address fills no table): business 429, like the other limits.
 */
export async function refuseFlood(ctx: AppContext, key: string, perMinute: number): Promise<void> {
  if (!(await ctx.caches.flood.allow(key, perMinute))) {
    throw new BusinessError(BusinessCode.tooMany, ServerMessage.tooManyFromAddress);
  }
}

/** Calls that name the OAuth client in their params must name this server's client. */
export function assertOurClient(ctx: AppContext, clientId: string): void {
  if (clientId !== ctx.config.clientId)
    throw new BusinessError(BusinessCode.forbidden, ServerMessage.badClient);
}
