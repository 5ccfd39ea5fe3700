import { createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/database";
import { sandboxWallets } from "../../db/schema";
import { enqueue } from "../../jobs/runner";
import type { JobRunner } from "../../jobs/runner";
import type { PaymentChannel, ProviderNotification } from "../../providers/payments/provider";
import { paymentChannels } from "../../providers/payments/provider";

/**
 * The payment sandbox: a provider of its own, served by this server under /sandbox/pay/<channel>
 * while SANDBOX is on (decision 0014). It behaves as real gateways do — and the platform reaches
 * it over HTTP through the same adapter as a real one:
 * - a hosted checkout page: pay, pay a different amount, fail, abandon (checkout.ts);
 * - signed notifications to the merchant's notify URL, retried with backoff until answered 2xx
 *   (at-least-once), each also sent a second time (duplicated) and with random delays, so a bank
 *   payment's PROCESSING may arrive after its PAID (out of order; jobs.ts);
 * - payouts that settle after a delay, or fail: cards ending 0002 are refused by the bank
 *   (BANK_INFO_INVALID), cards ending 0051 are paid 1.00 less (a fee: a changed amount), cards
 *   ending 0044 fail verification; e-wallet payouts credit the EE wallet (api.ts, jobs.ts);
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

/** The party's job kinds (jobs.ts does them): each names its work in the runner's table. */
export const SandboxJob = {
  deliver: "sandbox.deliver",
  paid: "sandbox.paid",
  settlePayout: "sandbox.settlePayout",
} as const;

/**
 * A payout's destination as the sandbox bank keeps it: a card number sealed (never in plain text
 * in its table, as the platform keeps its own cards), with its last four apart (what decides the
 * sandbox's outcomes); an e-wallet account as it is.
 */
export type StoredDestination =
  | {
      readonly kind: "card";
      readonly sealed: string;
      readonly last4: string;
      readonly holder: string;
      readonly bank: string;
    }
  | { readonly kind: "eepay"; readonly account: string };

/** What every part of the party works with: its options, and the helpers they share. */
export interface PaymentParty {
  readonly options: SandboxOptions;
  /** The signature of a page's address (a checkout, a wallet), so an address cannot be made up. */
  pageSig(channel: PaymentChannel, what: string): string;
  /** Queue a signed notification (and its duplicate) to the merchant. */
  notify(
    tx: Db,
    channel: PaymentChannel,
    url: string,
    event: Omit<ProviderNotification, "eventId">,
    delayMs?: number,
  ): Promise<void>;
  /** An EE wallet's balance, the wallet opened (at 0) on first sight. */
  walletOf(account: string): Promise<number>;
}

export function paymentParty(options: SandboxOptions): PaymentParty {
  const { db, now, secrets } = options;
  return {
    options,
    pageSig: (channel, what) =>
      createHmac("sha256", secrets[channel]).update(`page:${what}`).digest("hex").slice(0, 32),
    async notify(tx, channel, url, event, delayMs = 0) {
      const body = JSON.stringify({ eventId: randomUUID(), ...event });
      const copies = options.duplicates ? 2 : 1;
      for (let i = 0; i < copies; i++) {
        const jitter = Math.floor(Math.random() * options.jitterMs);
        await enqueue(tx, {
          kind: SandboxJob.deliver,
          payload: { channel, url, body },
          runAt: new Date(now().getTime() + delayMs + jitter + i * 300),
          maxAttempts: 15,
        });
      }
    },
    async walletOf(account) {
      await db.insert(sandboxWallets).values({ account, balance: 0 }).onConflictDoNothing();
      const [wallet] = await db.select().from(sandboxWallets).where(eq(sandboxWallets.account, account));
      return wallet?.balance ?? 0;
    },
  };
}

/** The channel an address names (`/:channel/…`), or null for one the sandbox does not play. */
export function channelOf(request: FastifyRequest): PaymentChannel | null {
  const { channel } = request.params as { channel: string };
  return (paymentChannels as readonly string[]).includes(channel) ? (channel as PaymentChannel) : null;
}
