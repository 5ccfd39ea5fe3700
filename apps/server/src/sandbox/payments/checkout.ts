/**
 * The payment sandbox's pages, the browser's: the hosted checkout (pay, pay a different amount,
 * fail, abandon) and an EE wallet's page (top it up). Their addresses are signed by the party
 * (`pageSig`), so one cannot be made up.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ServerMessageKey } from "@platform/domain";
import type { Db } from "../../db/database";
import { sandboxPayments, sandboxWallets } from "../../db/schema";
import { translate } from "../../http/messages";
import type { ServerLanguage } from "../../http/messages";
import { enqueue } from "../../jobs/runner";
import type { PaymentChannel } from "../../providers/payments/provider";
import { checkoutPage, donePage, page, pageLanguage, walletPage } from "../pages";
import { SandboxJob, channelOf } from "./party";
import type { PaymentParty } from "./party";

/** Each channel's name on its pages, in the page's one language. */
const providerNames: Record<PaymentChannel, ServerMessageKey> = {
  bank: ServerMessageKey.sandboxProviderBank,
  eepay: ServerMessageKey.sandboxProviderEepay,
  merchant: ServerMessageKey.sandboxProviderMerchant,
};

type Outcome = { returnUrl: string; error: null } | { returnUrl: null; error: string };

const notFound = (reply: FastifyReply, language: ServerLanguage) =>
  reply
    .status(404)
    .type("text/html; charset=utf-8")
    .send(page(language, "404", ""));

export function pageRoutes(scope: FastifyInstance, party: PaymentParty): void {
  scope.get("/:channel/checkout/:id", (request, reply) => checkout(party, request, reply));
  scope.post("/:channel/checkout/:id", (request, reply) => pay(party, request, reply));
  scope.get("/:channel/wallet/:account", async (request, reply) => {
    const ok = walletSigOk(party, request);
    const language = pageLanguage(request.headers["accept-language"]);
    if (!ok) return notFound(reply, language);
    return reply
      .type("text/html; charset=utf-8")
      .send(walletPage(language, ok.account, await party.walletOf(ok.account), request.url));
  });
  scope.post("/:channel/wallet/:account", async (request, reply) => {
    const ok = walletSigOk(party, request);
    if (!ok) return reply.status(404).send();
    await party.walletOf(ok.account);
    await party.options.db
      .update(sandboxWallets)
      .set({ balance: sql`${sandboxWallets.balance} + 10000` })
      .where(eq(sandboxWallets.account, ok.account));
    return reply.redirect(request.url, 303);
  });
}

/** The channel and id of a checkout address whose signature holds, else null. */
function checkoutOf(
  party: PaymentParty,
  request: FastifyRequest,
): { channel: PaymentChannel; id: string } | null {
  const channel = channelOf(request);
  const { id } = request.params as { id: string };
  const { sig } = request.query as { sig?: string };
  return channel && /^\d{1,18}$/.test(id) && sig === party.pageSig(channel, id) ? { channel, id } : null;
}

/** The checkout page: the payment's choices, or its status once decided. */
async function checkout(
  party: PaymentParty,
  request: FastifyRequest,
  reply: FastifyReply,
  error: string | null = null,
) {
  const language = pageLanguage(request.headers["accept-language"]);
  const at = checkoutOf(party, request);
  if (!at) return notFound(reply, language);
  const [payment] = await party.options.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, Number(at.id)));
  if (payment?.channel !== at.channel) return notFound(reply, language);
  const provider = translate(language, providerNames[at.channel]);
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
      walletBalance: payment.payer ? await party.walletOf(payment.payer) : null,
      error,
    }),
  );
}

/** The checkout form sent: pay (the amount asked, or another), fail or abandon. */
async function pay(party: PaymentParty, request: FastifyRequest, reply: FastifyReply) {
  const at = checkoutOf(party, request);
  if (!at) return reply.status(404).send();
  const form = (request.body ?? {}) as Record<string, string>;
  const language = pageLanguage(request.headers["accept-language"]);
  let amount: number | null = null;
  if (form.do === "other") {
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(form.amount ?? "")) return checkout(party, request, reply, "?");
    amount = Math.round(Number(form.amount) * 100);
    if (amount <= 0) return checkout(party, request, reply, "?");
  }
  const outcome = await party.options.db.transaction(async (tx): Promise<Outcome> =>
    decide(party, tx, { ...at, form, amount, language }),
  );
  if (outcome.returnUrl === null) return checkout(party, request, reply, outcome.error);
  return reply.redirect(outcome.returnUrl, 303);
}

interface Decision {
  readonly channel: PaymentChannel;
  readonly id: string;
  readonly form: Record<string, string>;
  /** Another amount than the payment's, when the payer chose one. */
  readonly amount: number | null;
  readonly language: ServerLanguage;
}

/** What the payer chose, written in one transaction with the merchant's notification. */
async function decide(
  party: PaymentParty,
  tx: Db,
  { channel, id, form, amount, language }: Decision,
): Promise<Outcome> {
  const { now, settleDelayMs } = party.options;
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
    await party.notify(tx, channel, payment.notifyUrl, {
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
      .where(and(eq(sandboxWallets.account, payment.payer), sql`${sandboxWallets.balance} >= ${paid}`))
      .returning();
    if (!wallet) return { returnUrl: null, error: translate(language, ServerMessageKey.eepayInsufficient) };
  }
  // A bank transfer goes through processing first; the others are paid at once.
  const processing = channel === "bank";
  await tx
    .update(sandboxPayments)
    .set({ status: processing ? "PROCESSING" : "PAID", paidAmount: paid, updatedAt: now() })
    .where(eq(sandboxPayments.id, payment.id));
  await party.notify(tx, channel, payment.notifyUrl, {
    type: "payment",
    merchantOrder: payment.merchantOrder,
    status: processing ? "PROCESSING" : "PAID",
    paidAmount: paid,
    failureCode: null,
  });
  if (processing)
    await enqueue(tx, {
      kind: SandboxJob.paid,
      payload: { id: payment.id },
      runAt: new Date(now().getTime() + settleDelayMs),
    });
  return { returnUrl: payment.returnUrl, error: null };
}

/** The channel and account of a wallet page's address whose signature holds, else null. */
function walletSigOk(
  party: PaymentParty,
  request: FastifyRequest,
): { channel: PaymentChannel; account: string } | null {
  const channel = channelOf(request);
  const { account } = request.params as { account: string };
  const { sig } = request.query as { sig?: string };
  return channel && sig === party.pageSig(channel, `wallet:${account}`) ? { channel, account } : null;
}
