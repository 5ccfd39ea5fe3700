/**
 * Providers' signed notifications (at-least-once, maybe repeated, maybe out of order): verified,
 * recorded, applied. Answered 2xx once handled (or known to be nothing to do), so the provider
 * stops resending; 400 when the signature does not hold; 5xx when it could not be applied now
 * (the provider sends it again later).
 */
import type { AppContext } from "../../context";
import { providerEvents } from "../../db/schema";
import type { PaymentState, PayoutState } from "../../providers/payments/provider";
import { applyPayment } from "./recharge";
import { applyPayout } from "./withdraw";
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
  if (notification.type === "payment") {
    await applyPayment(
      ctx,
      channel,
      notification.merchantOrder,
      { status: notification.status, paidAmount: notification.paidAmount } as PaymentState,
      "notification",
      { eventId: notification.eventId },
    );
  } else {
    await applyPayout(
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
  }
  return { status: 200, body: { ok: true } };
}
