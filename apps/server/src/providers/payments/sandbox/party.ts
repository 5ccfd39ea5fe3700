import { createHmac, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ServerMessageKey, isValidCardNumber } from "@platform/domain";
import type { Db } from "../../../db/database";
import { sandboxPayments, sandboxPayouts, sandboxWallets } from "../../../db/schema";
import { translate } from "../../../http/messages";
import { enqueue } from "../../../jobs/runner";
import type { JobRunner } from "../../../jobs/runner";
import type { PaymentChannel, ProviderNotification } from "../provider";
import { paymentChannels } from "../provider";
import { SIGNATURE_HEADER, sign, verify } from "../signature";
import { Sealer } from "../../../security/sealing";
import { checkoutPage, donePage, pageLanguage, page, walletPage } from "./pages";

/**
 * The payment sandbox: a provider of its own, served by this server under /sandbox/pay/<channel>
 * while SANDBOX is on (decision 0014). It behaves as real gateways do — and the platform reaches
 * it over HTTP through the same adapter as a real one:
 * - a hosted checkout page: pay, pay a different amount, fail, abandon;
 * - signed notifications to the merchant's notify URL, retried with backoff until answered 2xx
 *   (at-least-once), each also sent a second time (duplicated) and with random delays, so a bank
 *   payment's PROCESSING may arrive after its PAID (out of order);
 * - payouts that settle after a delay, or fail: cards ending 0002 are refused by the bank
 *   (BANK_INFO_INVALID), cards ending 0051 are paid 1.00 less (a fee: a changed amount), cards
 *   ending 0044 fail verification; e-wallet payouts credit the EE wallet;
 * - EE wallets with their own balance and page (1 EE coin = 1 yuan).
 */
export interface SandboxOptions {
  readonly db: Db;
  readonly now: () => Date;
  readonly jobs: JobRunner;
  readonly secrets: Readonly<Record<PaymentChannel, string>>;
  /** Delay before a payout settles, and before a bank payment's PAID follows its PROCESSING. */
  readonly settleDelayMs: number;
  /** Notifications wait a random time up to this before delivery (so they may cross). */
  readonly jitterMs: number;
  /** Deliver every notification twice. */
  readonly duplicates: boolean;
}

/** Each channel's name on its pages, in the page's one language. */
const providerNames: Record<PaymentChannel, ServerMessageKey> = {
  bank: ServerMessageKey.sandboxProviderBank,
  eepay: ServerMessageKey.sandboxProviderEepay,
  merchant: ServerMessageKey.sandboxProviderMerchant,
};

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

/**
 * A payout's destination as the sandbox bank keeps it: a card number sealed (never in plain text
 * in its table, as the platform keeps its own cards), with its last four apart (what decides the
 * sandbox's outcomes); an e-wallet account as it is.
 */
type StoredDestination =
  | {
      readonly kind: "card";
      readonly sealed: string;
      readonly last4: string;
      readonly holder: string;
      readonly bank: string;
    }
  | { readonly kind: "eepay"; readonly account: string };

export function sandboxPaymentRoutes(app: FastifyInstance, options: SandboxOptions): void {
  const { db, now, secrets } = options;
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
  const pageSig = (channel: PaymentChannel, what: string) =>
    createHmac("sha256", secrets[channel]).update(`page:${what}`).digest("hex").slice(0, 32);

  /** Queue a signed notification (and its duplicate) to the merchant. */
  async function notify(
    tx: Db,
    channel: PaymentChannel,
    url: string,
    event: Omit<ProviderNotification, "eventId">,
    delayMs = 0,
  ) {
    const body = JSON.stringify({ eventId: randomUUID(), ...event });
    const copies = options.duplicates ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const jitter = Math.floor(Math.random() * options.jitterMs);
      await enqueue(tx, {
        kind: "sandbox.deliver",
        payload: { channel, url, body },
        runAt: new Date(now().getTime() + delayMs + jitter + i * 300),
        maxAttempts: 15,
      });
    }
  }

  options.jobs.register("sandbox.deliver", async (payload) => {
    const { channel, url, body } = payload as { channel: PaymentChannel; url: string; body: string };
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SIGNATURE_HEADER]: sign(secrets[channel], body, now()),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the merchant answered ${String(response.status)}`);
  });

  options.jobs.register("sandbox.paid", async (payload) => {
    const { id } = payload as { id: number };
    await db.transaction(async (tx) => {
      const [payment] = await tx
        .update(sandboxPayments)
        .set({ status: "PAID", updatedAt: now() })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, "PROCESSING")))
        .returning();
      if (payment)
        await notify(tx, payment.channel as PaymentChannel, payment.notifyUrl, {
          type: "payment",
          merchantOrder: payment.merchantOrder,
          status: "PAID",
          paidAmount: payment.paidAmount,
          failureCode: null,
        });
    });
  });

  options.jobs.register("sandbox.settlePayout", async (payload) => {
    const { id } = payload as { id: number };
    await db.transaction(async (tx) => {
      const [payout] = await tx.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, id)).for("update");
      if (payout?.status !== "ACCEPTED") return;
      const destination = payout.destination as StoredDestination;
      let status: "PAID" | "FAILED" = "PAID";
      let paidAmount: number | null = payout.amount;
      let failureCode: string | null = null;
      if (destination.kind === "card" && destination.last4 === "0002") {
        status = "FAILED";
        paidAmount = null;
        failureCode = "BANK_INFO_INVALID";
      } else if (destination.kind === "card" && destination.last4 === "0051" && payout.amount > 100) {
        paidAmount = payout.amount - 100;
      } else if (destination.kind === "eepay") {
        await tx
          .insert(sandboxWallets)
          .values({ account: destination.account, balance: payout.amount })
          .onConflictDoUpdate({
            target: sandboxWallets.account,
            set: { balance: sql`${sandboxWallets.balance} + ${payout.amount}` },
          });
      }
      await tx
        .update(sandboxPayouts)
        .set({ status, paidAmount, failureCode })
        .where(eq(sandboxPayouts.id, id));
      await notify(tx, payout.channel as PaymentChannel, payout.notifyUrl, {
        type: "payout",
        merchantOrder: payout.merchantOrder,
        status,
        paidAmount,
        failureCode,
      });
    });
  });

  void app.register(
    (scope, _options, done) => {
      // Signed API calls are verified over their exact bytes; pages post plain forms.
      scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
        done(null, body);
      });
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string" },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );

      function channelOf(request: FastifyRequest): PaymentChannel | null {
        const { channel } = request.params as { channel: string };
        return (paymentChannels as readonly string[]).includes(channel) ? (channel as PaymentChannel) : null;
      }

      /** The channel of a signed API call, or a 401 answer. */
      function signed(request: FastifyRequest, reply: FastifyReply): PaymentChannel | null {
        const channel = channelOf(request);
        const path = request.url.replace(/^\/sandbox\/pay\/[a-z]+/, "");
        const body = typeof request.body === "string" ? request.body : "";
        const header = request.headers[SIGNATURE_HEADER];
        if (
          !channel ||
          !verify(
            secrets[channel],
            `${request.method} ${path}\n${body}`,
            typeof header === "string" ? header : undefined,
            now(),
          )
        ) {
          void reply.status(401).send({ error: "bad signature" });
          return null;
        }
        return channel;
      }

      function json<T>(request: FastifyRequest, shape: z.ZodType<T>): T | null {
        try {
          const parsed = shape.safeParse(JSON.parse(typeof request.body === "string" ? request.body : ""));
          return parsed.success ? parsed.data : null;
        } catch {
          return null;
        }
      }

      scope.post("/:channel/payments", async (request, reply) => {
        const channel = signed(request, reply);
        if (!channel) return reply;
        const body = json(request, ZPaymentRequest);
        if (!body) return reply.status(400).send({ error: "bad request" });
        await db
          .insert(sandboxPayments)
          .values({ channel, ...body, payer: body.payer ?? null, status: "PENDING" })
          .onConflictDoNothing();
        const [payment] = await db
          .select()
          .from(sandboxPayments)
          .where(
            and(eq(sandboxPayments.channel, channel), eq(sandboxPayments.merchantOrder, body.merchantOrder)),
          );
        if (!payment) return reply.status(500).send({ error: "not stored" });
        const origin = `${request.protocol}://${request.host}`;
        const id = String(payment.id);
        return {
          providerRef: `sp_${id}`,
          payUrl: `${origin}/sandbox/pay/${channel}/checkout/${id}?sig=${pageSig(channel, id)}`,
        };
      });

      scope.get("/:channel/payments/:order", async (request, reply) => {
        const channel = signed(request, reply);
        if (!channel) return reply;
        const { order } = request.params as { order: string };
        const [payment] = await db
          .select()
          .from(sandboxPayments)
          .where(and(eq(sandboxPayments.channel, channel), eq(sandboxPayments.merchantOrder, order)));
        if (!payment) return reply.status(404).send({ error: "no such payment" });
        return { status: payment.status, paidAmount: payment.paidAmount };
      });

      // A paid payment given back to its payer, once (a repeat answers the same): the e-wallet's
      // coins go back to the paying account; a card's money goes back to the card.
      scope.post("/:channel/payments/:order/refund", async (request, reply) => {
        const channel = signed(request, reply);
        if (!channel) return reply;
        const { order } = request.params as { order: string };
        const refunded = await db.transaction(async (tx) => {
          const [payment] = await tx
            .select()
            .from(sandboxPayments)
            .where(and(eq(sandboxPayments.channel, channel), eq(sandboxPayments.merchantOrder, order)))
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
      });

      scope.post("/:channel/payouts", async (request, reply) => {
        const channel = signed(request, reply);
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
              kind: "sandbox.settlePayout",
              payload: { id: made.id },
              runAt: new Date(now().getTime() + options.settleDelayMs),
            });
          const [row] = await tx
            .select()
            .from(sandboxPayouts)
            .where(
              and(eq(sandboxPayouts.channel, channel), eq(sandboxPayouts.merchantOrder, body.merchantOrder)),
            );
          return row;
        });
        if (!payout) return reply.status(500).send({ error: "not stored" });
        return {
          providerRef: `po_${String(payout.id)}`,
          status: payout.status,
          paidAmount: payout.paidAmount,
          failureCode: payout.failureCode,
        };
      });

      scope.get("/:channel/payouts/:order", async (request, reply) => {
        const channel = signed(request, reply);
        if (!channel) return reply;
        const { order } = request.params as { order: string };
        const [payout] = await db
          .select()
          .from(sandboxPayouts)
          .where(and(eq(sandboxPayouts.channel, channel), eq(sandboxPayouts.merchantOrder, order)));
        if (!payout) return reply.status(404).send({ error: "no such payout" });
        return { status: payout.status, paidAmount: payout.paidAmount, failureCode: payout.failureCode };
      });

      scope.post("/:channel/cards/verify", async (request, reply) => {
        if (!signed(request, reply)) return reply;
        const card = json(request, ZCard);
        if (!card) return reply.status(400).send({ error: "bad request" });
        return {
          valid:
            isValidCardNumber(card.number) && !card.number.endsWith("0044") && card.holder.trim().length >= 2,
        };
      });

      async function walletOf(account: string): Promise<number> {
        await db.insert(sandboxWallets).values({ account, balance: 0 }).onConflictDoNothing();
        const [wallet] = await db.select().from(sandboxWallets).where(eq(sandboxWallets.account, account));
        return wallet?.balance ?? 0;
      }

      scope.get("/:channel/wallets/:account", async (request, reply) => {
        if (!signed(request, reply)) return reply;
        const { account } = request.params as { account: string };
        return { balance: await walletOf(account) };
      });

      scope.post("/:channel/wallets/:account/session", async (request, reply) => {
        const channel = signed(request, reply);
        if (!channel) return reply;
        const { account } = request.params as { account: string };
        await walletOf(account);
        const origin = `${request.protocol}://${request.host}`;
        return {
          url: `${origin}/sandbox/pay/${channel}/wallet/${encodeURIComponent(account)}?sig=${pageSig(channel, `wallet:${account}`)}`,
        };
      });

      // ── pages (the browser's) ─────────────────────────────────────────────────────────────
      async function checkout(request: FastifyRequest, reply: FastifyReply, error: string | null = null) {
        const channel = channelOf(request);
        const { id } = request.params as { id: string };
        const { sig } = request.query as { sig?: string };
        const language = pageLanguage(request.headers["accept-language"]);
        if (!channel || !/^\d{1,18}$/.test(id) || sig !== pageSig(channel, id))
          return reply
            .status(404)
            .type("text/html; charset=utf-8")
            .send(page(language, "404", ""));
        const [payment] = await db
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, Number(id)));
        if (payment?.channel !== channel)
          return reply
            .status(404)
            .type("text/html; charset=utf-8")
            .send(page(language, "404", ""));
        const provider = translate(language, providerNames[channel]);
        if (payment.status !== "PENDING") {
          return reply
            .type("text/html; charset=utf-8")
            .send(
              donePage(
                language,
                translate(language, ServerMessageKey.sandboxPayTitle, { provider }),
                payment.status,
                payment.returnUrl,
              ),
            );
        }
        return reply.type("text/html; charset=utf-8").send(
          checkoutPage({
            language,
            provider,
            orderNum: payment.merchantOrder,
            amount: payment.amount,
            action: request.url,
            walletBalance: payment.payer ? await walletOf(payment.payer) : null,
            error,
          }),
        );
      }

      scope.get("/:channel/checkout/:id", (request, reply) => checkout(request, reply));

      scope.post("/:channel/checkout/:id", async (request, reply) => {
        const channel = channelOf(request);
        const { id } = request.params as { id: string };
        const { sig } = request.query as { sig?: string };
        if (!channel || !/^\d{1,18}$/.test(id) || sig !== pageSig(channel, id))
          return reply.status(404).send();
        const form = (request.body ?? {}) as Record<string, string>;
        const language = pageLanguage(request.headers["accept-language"]);
        let amount: number | null = null;
        if (form.do === "other") {
          if (!/^\d{1,9}(\.\d{1,2})?$/.test(form.amount ?? "")) return checkout(request, reply, "?");
          amount = Math.round(Number(form.amount) * 100);
          if (amount <= 0) return checkout(request, reply, "?");
        }
        type Outcome = { returnUrl: string; error: null } | { returnUrl: null; error: string };
        const outcome = await db.transaction(async (tx): Promise<Outcome> => {
          const [payment] = await tx
            .select()
            .from(sandboxPayments)
            .where(eq(sandboxPayments.id, Number(id)))
            .for("update");
          if (payment?.status !== "PENDING") return { returnUrl: payment?.returnUrl ?? "/", error: null };
          if (form.do === "abandon") return { returnUrl: payment.returnUrl, error: null };
          if (form.do === "fail") {
            await tx
              .update(sandboxPayments)
              .set({ status: "FAILED", updatedAt: now() })
              .where(eq(sandboxPayments.id, payment.id));
            await notify(tx, channel, payment.notifyUrl, {
              type: "payment",
              merchantOrder: payment.merchantOrder,
              status: "FAILED",
              paidAmount: null,
              failureCode: "PAYER_DECLINED",
            });
            return { returnUrl: payment.returnUrl, error: null };
          }
          const paid = amount ?? payment.amount;
          if (payment.payer) {
            const [wallet] = await tx
              .update(sandboxWallets)
              .set({ balance: sql`${sandboxWallets.balance} - ${paid}` })
              .where(
                and(eq(sandboxWallets.account, payment.payer), sql`${sandboxWallets.balance} >= ${paid}`),
              )
              .returning();
            if (!wallet)
              return { returnUrl: null, error: translate(language, ServerMessageKey.eepayInsufficient) };
          }
          // A bank transfer goes through processing first; the others are paid at once.
          const processing = channel === "bank";
          await tx
            .update(sandboxPayments)
            .set({ status: processing ? "PROCESSING" : "PAID", paidAmount: paid, updatedAt: now() })
            .where(eq(sandboxPayments.id, payment.id));
          await notify(tx, channel, payment.notifyUrl, {
            type: "payment",
            merchantOrder: payment.merchantOrder,
            status: processing ? "PROCESSING" : "PAID",
            paidAmount: paid,
            failureCode: null,
          });
          if (processing)
            await enqueue(tx, {
              kind: "sandbox.paid",
              payload: { id: payment.id },
              runAt: new Date(now().getTime() + options.settleDelayMs),
            });
          return { returnUrl: payment.returnUrl, error: null };
        });
        if (outcome.returnUrl === null) return checkout(request, reply, outcome.error);
        return reply.redirect(outcome.returnUrl, 303);
      });

      function walletSigOk(request: FastifyRequest): { channel: PaymentChannel; account: string } | null {
        const channel = channelOf(request);
        const { account } = request.params as { account: string };
        const { sig } = request.query as { sig?: string };
        return channel && sig === pageSig(channel, `wallet:${account}`) ? { channel, account } : null;
      }

      scope.get("/:channel/wallet/:account", async (request, reply) => {
        const ok = walletSigOk(request);
        const language = pageLanguage(request.headers["accept-language"]);
        if (!ok)
          return reply
            .status(404)
            .type("text/html; charset=utf-8")
            .send(page(language, "404", ""));
        return reply
          .type("text/html; charset=utf-8")
          .send(walletPage(language, ok.account, await walletOf(ok.account), request.url));
      });

      scope.post("/:channel/wallet/:account", async (request, reply) => {
        const ok = walletSigOk(request);
        if (!ok) return reply.status(404).send();
        await walletOf(ok.account);
        await db
          .update(sandboxWallets)
          .set({ balance: sql`${sandboxWallets.balance} + 10000` })
          .where(eq(sandboxWallets.account, ok.account));
        return reply.redirect(request.url, 303);
      });
      done();
    },
    { prefix: "/sandbox/pay" },
  );
}
