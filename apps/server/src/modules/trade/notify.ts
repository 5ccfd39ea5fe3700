/**
 * Providers' signed notifications (at-least-once, maybe repeated, maybe out of order): verified,
 * recorded, applied. Answered 2xx only once handled (or known to be nothing more to do: a repeat),
 * so the provider stops resending; 400 when the signature does not hold, 404 for an order this
 * server does not have, 5xx when it could not be applied now — never 2xx for one not processed,
 * so a real provider sends it again (and its operators see it). The route's own refusals of a
 * body it never reads (too large, not JSON) are non-2xx too (routes.ts).
 */
import type { AppContext } from "../../context";
import { providerEvents } from "../../db/schema";
import type { PaymentState, PayoutState } from "../../providers/payments/provider";
import { applyPayment } from "./recharge";
import { applyPayout } from "./payout";
import { providerOf } from "./providers";

export async function handleNotification(
  ctx: AppContext,
  channel: string,
  signature: string | undefined,
  rawBody: string,
): Promise<{ status: number; body: { ok: boolean } }> {
  const provider = providerOf(ctx, channel);
  const notification = provider?.verifyNotification(signature, rawBody) ?? null;
  if (!provider || !notification) return { status: 400, body: { ok: false } };
  await ctx.db
    .insert(providerEvents)
    .values({
      provider: channel,
      eventId: notification.eventId,
      orderNum: notification.merchantOrder,
      body: notification,
    })
    .onConflictDoNothing();
  const applied =
    notification.type === "payment"
      ? (await applyPayment(
          ctx,
          channel,
          notification.merchantOrder,
          { status: notification.status, paidAmount: notification.paidAmount } as PaymentState,
          "notification",
          { eventId: notification.eventId },
        )) !== null
      : await applyPayout(
          ctx,
          channel,
          notification.merchantOrder,
          {
            status: notification.status,
            paidAmount: notification.paidAmount,
            failureCode: notification.failureCode,
          } as PayoutState,
          "notification",
        );
  return applied ? { status: 200, body: { ok: true } } : { status: 404, body: { ok: false } };
}
