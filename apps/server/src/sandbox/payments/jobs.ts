/**
 * The payment sandbox's durable work: delivering its signed notifications (retried by the job
 * runner until the merchant answers 2xx), a bank payment's PAID after its PROCESSING, and a
 * payout settling (its outcome decided by the card's last four, or an e-wallet credited).
 */
import { and, eq, sql } from "drizzle-orm";
import { sandboxPayments, sandboxPayouts, sandboxWallets } from "../../db/schema";
import type { PaymentChannel } from "../../providers/payments/provider";
import { SIGNATURE_HEADER, sign } from "../../providers/payments/signature";
import { SandboxJob } from "./party";
import type { PaymentParty, StoredDestination } from "./party";

export function registerPartyJobs(party: PaymentParty): void {
  const { jobs } = party.options;
  jobs.register(
    SandboxJob.deliver,
    (payload) => deliver(party, payload as { channel: PaymentChannel; url: string; body: string }),
    "money",
  );
  jobs.register(SandboxJob.paid, (payload) => markPaid(party, (payload as { id: number }).id), "money");
  jobs.register(
    SandboxJob.settlePayout,
    (payload) => settlePayout(party, (payload as { id: number }).id),
    "money",
  );
}

/** One notification to the merchant, signed; anything but 2xx is a failure the runner retries. */
async function deliver(
  { options }: PaymentParty,
  { channel, url, body }: { channel: PaymentChannel; url: string; body: string },
): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [SIGNATURE_HEADER]: sign(options.secrets[channel], body, options.now()),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the merchant answered ${String(response.status)}`);
}

/** A bank payment's PROCESSING becomes PAID (and the merchant is told). */
async function markPaid(party: PaymentParty, id: number): Promise<void> {
  const { db, now } = party.options;
  await db.transaction(async (tx) => {
    const [payment] = await tx
      .update(sandboxPayments)
      .set({ status: "PAID", updatedAt: now() })
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, "PROCESSING")))
      .returning();
    if (payment)
      await party.notify(tx, payment.channel as PaymentChannel, payment.notifyUrl, {
        type: "payment",
        merchantOrder: payment.merchantOrder,
        status: "PAID",
        paidAmount: payment.paidAmount,
        failureCode: null,
      });
  });
}

/** What a payout to this destination comes to: paid, paid less a fee, or refused by the bank. */
function payoutOutcome(destination: StoredDestination, amount: number) {
  if (destination.kind === "card" && destination.last4 === "0002")
    return { status: "FAILED" as const, paidAmount: null, failureCode: "BANK_INFO_INVALID" };
  if (destination.kind === "card" && destination.last4 === "0051" && amount > 100)
    return { status: "PAID" as const, paidAmount: amount - 100, failureCode: null };
  return { status: "PAID" as const, paidAmount: amount, failureCode: null };
}

/** An accepted payout settles: its outcome written, an e-wallet credited, the merchant told. */
async function settlePayout(party: PaymentParty, id: number): Promise<void> {
  await party.options.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, id)).for("update");
    if (payout?.status !== "ACCEPTED") return;
    const destination = payout.destination as StoredDestination;
    const { status, paidAmount, failureCode } = payoutOutcome(destination, payout.amount);
    if (destination.kind === "eepay") {
      await tx
        .insert(sandboxWallets)
        .values({ account: destination.account, balance: payout.amount })
        .onConflictDoUpdate({
          target: sandboxWallets.account,
          set: { balance: sql`${sandboxWallets.balance} + ${payout.amount}` },
        });
    }
    await tx.update(sandboxPayouts).set({ status, paidAmount, failureCode }).where(eq(sandboxPayouts.id, id));
    await party.notify(tx, payout.channel as PaymentChannel, payout.notifyUrl, {
      type: "payout",
      merchantOrder: payout.merchantOrder,
      status,
      paidAmount,
      failureCode,
    });
  });
}
