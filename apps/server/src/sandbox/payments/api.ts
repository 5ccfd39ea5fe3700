/**
 * The payment sandbox's API, as the platform's adapter calls it: every call signed over its
 * method, path and exact body (a 401 otherwise). Payments, refunds, payouts, card checks and EE
 * wallets, each a handler of its own.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { isValidCardNumber } from "@platform/domain";
import { sandboxPayments, sandboxPayouts, sandboxWallets } from "../../db/schema";
import { enqueue } from "../../jobs/runner";
import type { PaymentChannel } from "../../providers/payments/provider";
import { paymentChannels } from "../../providers/payments/provider";
import { SIGNATURE_HEADER, verify } from "../../providers/payments/signature";
import { Sealer } from "../../security/sealing";
import { SandboxJob, channelOf } from "./party";
import type { PaymentParty, StoredDestination } from "./party";

const ZPaymentRequest = z.object({
  merchantOrder: z.string().min(1).max(64),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  notifyUrl: z.url(),
  returnUrl: z.url(),
  payer: z.string().max(64).nullable().optional(),
});
const ZPayoutRequest = z.object({
  merchantOrder: z.string().min(1).max(64),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  notifyUrl: z.url(),
  destination: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("card"),
      number: z.string().regex(/^\d{12,19}$/),
      holder: z.string(),
      bank: z.string(),
    }),
    z.object({ kind: z.literal("eepay"), account: z.string().min(3).max(64) }),
  ]),
});
const ZCard = z.object({ number: z.string(), holder: z.string(), bank: z.string() });

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function apiRoutes(scope: FastifyInstance, party: PaymentParty): void {
  scope.post("/:channel/payments", createPayment(party));
  scope.get("/:channel/payments/:order", paymentStatus(party));
  scope.post("/:channel/payments/:order/refund", refundPayment(party));
  scope.post("/:channel/payouts", createPayout(party));
  scope.get("/:channel/payouts/:order", payoutStatus(party));
  scope.post("/:channel/cards/verify", verifyCard(party));
  scope.get("/:channel/wallets/:account", async (request, reply) => {
    if (!signed(party, request, reply)) return reply;
    const { account } = request.params as { account: string };
    return { balance: await party.walletOf(account) };
  });
  scope.post("/:channel/wallets/:account/session", async (request, reply) => {
    const channel = signed(party, request, reply);
    if (!channel) return reply;
    const { account } = request.params as { account: string };
    await party.walletOf(account);
    const origin = `${request.protocol}://${request.host}`;
    return {
      url: `${origin}/sandbox/pay/${channel}/wallet/${encodeURIComponent(account)}?sig=${party.pageSig(channel, `wallet:${account}`)}`,
    };
  });
}

/** The channel of a signed API call, or a 401 answer. */
function signed(
  { options }: PaymentParty,
  request: FastifyRequest,
  reply: FastifyReply,
): PaymentChannel | null {
  const channel = channelOf(request);
  const path = request.url.replace(/^\/sandbox\/pay\/[a-z]+/, "");
  const body = typeof request.body === "string" ? request.body : "";
  const header = request.headers[SIGNATURE_HEADER];
  if (
    !channel ||
    !verify(
      options.secrets[channel],
      `${request.method} ${path}\n${body}`,
      typeof header === "string" ? header : undefined,
      options.now(),
    )
  ) {
    void reply.status(401).send({ error: "bad signature" });
    return null;
  }
  return channel;
}

/** The channel and merchant order of a signed call about one order (`…/:order`), or null (answered 401). */
function signedOrder(
  party: PaymentParty,
  request: FastifyRequest,
  reply: FastifyReply,
): { channel: PaymentChannel; order: string } | null {
  const channel = signed(party, request, reply);
  return channel && { channel, order: (request.params as { order: string }).order };
}

/** A payment or payout by its channel and the merchant's order. */
const paymentOf = (channel: PaymentChannel, order: string) =>
  and(eq(sandboxPayments.channel, channel), eq(sandboxPayments.merchantOrder, order));
const payoutOf = (channel: PaymentChannel, order: string) =>
  and(eq(sandboxPayouts.channel, channel), eq(sandboxPayouts.merchantOrder, order));

function json<T>(request: FastifyRequest, shape: z.ZodType<T>): T | null {
  try {
    const parsed = shape.safeParse(JSON.parse(typeof request.body === "string" ? request.body : ""));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function createPayment(party: PaymentParty): Handler {
  const { db } = party.options;
  return async (request, reply) => {
    const channel = signed(party, request, reply);
    if (!channel) return reply;
    const body = json(request, ZPaymentRequest);
    if (!body) return reply.status(400).send({ error: "bad request" });
    await db
      .insert(sandboxPayments)
      .values({ channel, ...body, payer: body.payer ?? null, status: "PENDING" })
      .onConflictDoNothing();
    const [payment] = await db.select().from(sandboxPayments).where(paymentOf(channel, body.merchantOrder));
    if (!payment) return reply.status(500).send({ error: "not stored" });
    const origin = `${request.protocol}://${request.host}`;
    const id = String(payment.id);
    return {
      providerRef: `sp_${id}`,
      payUrl: `${origin}/sandbox/pay/${channel}/checkout/${id}?sig=${party.pageSig(channel, id)}`,
    };
  };
}

function paymentStatus(party: PaymentParty): Handler {
  return async (request, reply) => {
    const at = signedOrder(party, request, reply);
    if (!at) return reply;
    const [payment] = await party.options.db
      .select()
      .from(sandboxPayments)
      .where(paymentOf(at.channel, at.order));
    if (!payment) return reply.status(404).send({ error: "no such payment" });
    return { status: payment.status, paidAmount: payment.paidAmount };
  };
}

/**
 * A paid payment given back to its payer, once (a repeat answers the same): the e-wallet's coins
 * go back to the paying account; a card's money goes back to the card.
 */
function refundPayment(party: PaymentParty): Handler {
  const { db, now } = party.options;
  return async (request, reply) => {
    const at = signedOrder(party, request, reply);
    if (!at) return reply;
    const refunded = await db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(sandboxPayments)
        .where(paymentOf(at.channel, at.order))
        .for("update");
      if (!payment) return null;
      if (payment.status === "REFUNDED") return payment;
      if (payment.status !== "PAID" || payment.paidAmount === null) return "not paid" as const;
      if (payment.payer !== null)
        await tx
          .update(sandboxWallets)
          .set({ balance: sql`${sandboxWallets.balance} + ${payment.paidAmount}` })
          .where(eq(sandboxWallets.account, payment.payer));
      const [row] = await tx
        .update(sandboxPayments)
        .set({ status: "REFUNDED", updatedAt: now() })
        .where(eq(sandboxPayments.id, payment.id))
        .returning();
      return row ?? null;
    });
    if (refunded === null) return reply.status(404).send({ error: "no such payment" });
    if (refunded === "not paid") return reply.status(409).send({ error: "not paid" });
    return { refunded: true, amount: refunded.paidAmount };
  };
}

function createPayout(party: PaymentParty): Handler {
  const { db, now, secrets, settleDelayMs } = party.options;
  const sealers = new Map(
    paymentChannels.map((channel) => [channel, new Sealer(secrets[channel], "sandbox-payout-cards")]),
  );
  const stored = (
    channel: PaymentChannel,
    destination: z.infer<typeof ZPayoutRequest>["destination"],
  ): StoredDestination =>
    destination.kind === "card"
      ? {
          kind: "card",
          sealed: sealers.get(channel)?.seal(destination.number) ?? "",
          last4: destination.number.slice(-4),
          holder: destination.holder,
          bank: destination.bank,
        }
      : destination;
  return async (request, reply) => {
    const channel = signed(party, request, reply);
    if (!channel) return reply;
    const body = json(request, ZPayoutRequest);
    if (!body) return reply.status(400).send({ error: "bad request" });
    const payout = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(sandboxPayouts)
        .values({ channel, ...body, destination: stored(channel, body.destination), status: "ACCEPTED" })
        .onConflictDoNothing()
        .returning();
      if (made)
        await enqueue(tx, {
          kind: SandboxJob.settlePayout,
          payload: { id: made.id },
          runAt: new Date(now().getTime() + settleDelayMs),
        });
      const [row] = await tx.select().from(sandboxPayouts).where(payoutOf(channel, body.merchantOrder));
      return row;
    });
    if (!payout) return reply.status(500).send({ error: "not stored" });
    return {
      providerRef: `po_${String(payout.id)}`,
      status: payout.status,
      paidAmount: payout.paidAmount,
      failureCode: payout.failureCode,
    };
  };
}

function payoutStatus(party: PaymentParty): Handler {
  return async (request, reply) => {
    const at = signedOrder(party, request, reply);
    if (!at) return reply;
    const [payout] = await party.options.db
      .select()
      .from(sandboxPayouts)
      .where(payoutOf(at.channel, at.order));
    if (!payout) return reply.status(404).send({ error: "no such payout" });
    return { status: payout.status, paidAmount: payout.paidAmount, failureCode: payout.failureCode };
  };
}

function verifyCard(party: PaymentParty): Handler {
  return async (request, reply) => {
    if (!signed(party, request, reply)) return reply;
    const card = json(request, ZCard);
    if (!card) return reply.status(400).send({ error: "bad request" });
    return {
      valid:
        isValidCardNumber(card.number) && !card.number.endsWith("0044") && card.holder.trim().length >= 2,
    };
  };
}
