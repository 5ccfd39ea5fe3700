import { z } from "zod";
import type {
  PaymentChannel,
  PaymentProvider,
  PaymentRequest,
  PaymentState,
  PayoutRequest,
  PayoutState,
  ProviderNotification,
} from "./provider";
import { SIGNATURE_HEADER, sign, verify } from "./signature";
import { paymentChannels } from "./provider";
import { sandboxSecret } from "./sandbox-secret";
import type { ProviderFailed } from "../observe";

const ZPaymentState = z.object({
  status: z.enum(["PENDING", "PROCESSING", "PAID", "FAILED"]),
  paidAmount: z.number().int().positive().nullable(),
});
const ZPayoutState = z.object({
  status: z.enum(["ACCEPTED", "PAID", "FAILED"]),
  paidAmount: z.number().int().positive().nullable(),
  failureCode: z
    .string()
    .regex(/^[\w.-]{0,64}$/)
    .nullable(),
});
/**
 * A notification's shape. Its ids and codes are plain tokens (letters, digits, `_ : . -`): a body
 * a provider signed is still refused whole when it carries text the database cannot store (a NUL,
 * a lone surrogate), rather than failing on the way in (the fuzz suite found that 500).
 */
const ZNotification = z.object({
  eventId: z.string().regex(/^[\w:.-]{1,128}$/),
  type: z.enum(["payment", "payout"]),
  merchantOrder: z.string().regex(/^[\w-]{1,64}$/),
  status: z.enum(["PENDING", "PROCESSING", "PAID", "FAILED", "ACCEPTED"]),
  paidAmount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
  failureCode: z
    .string()
    .regex(/^[\w.-]{0,64}$/)
    .nullable(),
});

export class ProviderError extends Error {
  constructor(
    message: string,
    /** A 5xx: the provider may answer the same question on a second try. */
    readonly retryable = false,
  ) {
    super(message);
  }
}

/**
 * A provider reached over HTTP: JSON requests signed with the shared secret (HMAC-SHA256 over the
 * time and the body), answers checked against their shape. The same class talks to a real
 * provider and to the sandbox: only its base URL and secret differ (settings PAY_<CHANNEL>_*).
 */
export class HttpPaymentProvider implements PaymentProvider {
  constructor(
    readonly channel: PaymentChannel,
    private readonly baseUrl: () => string,
    private readonly secret: string,
    readonly sandbox: boolean,
    private readonly now: () => Date,
    private readonly failed: ProviderFailed = () => undefined,
  ) {}

  private async call<T>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    shape: z.ZodType<T>,
  ): Promise<T> {
    if (method === "POST") return this.once(method, path, body, shape);
    // A read changes nothing at the provider: one more try when the connection failed or the
    // provider answered 5xx (a pooled socket the far side just closed, a restart); not after a
    // timeout, which already made the person wait.
    try {
      return await this.once(method, path, body, shape);
    } catch (error) {
      const final =
        error instanceof NotKnown ||
        (error instanceof ProviderError && !error.retryable) ||
        (error instanceof Error && error.name === "TimeoutError");
      if (final) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return this.once(method, path, body, shape);
    }
  }

  private async once<T>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    shape: z.ZodType<T>,
  ): Promise<T> {
    const text = body === undefined ? "" : JSON.stringify(body);
    const response = await fetch(`${this.baseUrl()}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        [SIGNATURE_HEADER]: sign(this.secret, `${method} ${path}\n${text}`, this.now()),
      },
      ...(body === undefined ? {} : { body: text }),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      this.failed(
        this.channel,
        error instanceof Error && error.name === "TimeoutError" ? "timeout" : "unreachable",
      );
      throw error;
    });
    if (response.status === 404) throw new NotKnown();
    if (!response.ok) this.failed(this.channel, response.status >= 500 ? "5xx" : "4xx");
    if (!response.ok)
      throw new ProviderError(
        `${this.channel} answered ${String(response.status)} to ${path}`,
        response.status >= 500,
      );
    return shape.parse(await response.json());
  }

  async createPayment(request: PaymentRequest) {
    return this.call(
      "POST",
      "/payments",
      request,
      z.object({ payUrl: z.url(), providerRef: z.string().min(1).max(128) }),
    );
  }

  async queryPayment(merchantOrder: string): Promise<PaymentState | null> {
    return orNull(
      this.call("GET", `/payments/${encodeURIComponent(merchantOrder)}`, undefined, ZPaymentState),
    );
  }

  async refundPayment(merchantOrder: string): Promise<{ amount: number }> {
    const { amount } = await this.call(
      "POST",
      `/payments/${encodeURIComponent(merchantOrder)}/refund`,
      {},
      z.object({ refunded: z.literal(true), amount: z.number().int().positive() }),
    );
    return { amount };
  }

  async payout(request: PayoutRequest) {
    return this.call(
      "POST",
      "/payouts",
      request,
      ZPayoutState.extend({ providerRef: z.string().min(1).max(128) }),
    );
  }

  async queryPayout(merchantOrder: string): Promise<PayoutState | null> {
    return orNull(this.call("GET", `/payouts/${encodeURIComponent(merchantOrder)}`, undefined, ZPayoutState));
  }

  async verifyCard(card: { number: string; holder: string; bank: string }): Promise<boolean> {
    const { valid } = await this.call("POST", "/cards/verify", card, z.object({ valid: z.boolean() }));
    return valid;
  }

  async walletEnterUrl(account: string): Promise<string> {
    const { url } = await this.call(
      "POST",
      `/wallets/${encodeURIComponent(account)}/session`,
      {},
      z.object({ url: z.url() }),
    );
    return url;
  }

  async walletBalance(account: string): Promise<number> {
    const { balance } = await this.call(
      "GET",
      `/wallets/${encodeURIComponent(account)}`,
      undefined,
      z.object({ balance: z.number().int().min(0) }),
    );
    return balance;
  }

  verifyNotification(signature: string | undefined, rawBody: string): ProviderNotification | null {
    if (!verify(this.secret, rawBody, signature, this.now())) return null;
    try {
      const parsed = ZNotification.safeParse(JSON.parse(rawBody));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}

class NotKnown extends Error {}

async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof NotKnown) return null;
    throw error;
  }
}

/** A payment provider's address and shared secret (none: the sandbox's, while it is on). */
export interface ProviderSettings {
  readonly url: string | null;
  readonly secret: string | null;
}

/**
 * Each payment provider over HTTP: a real one where PAY_<CHANNEL>_URL says, else the sandbox party
 * served at `origin()` (this server's, or — for the operators' commands — the running server's).
 */
export function paymentProviders(
  settings: Readonly<Record<PaymentChannel, ProviderSettings>>,
  signingKey: string,
  origin: () => string,
  now: () => Date,
  failed?: ProviderFailed,
): Record<PaymentChannel, PaymentProvider> {
  return Object.fromEntries(
    paymentChannels.map((channel) => {
      const { url, secret } = settings[channel];
      const provider = new HttpPaymentProvider(
        channel,
        url ? () => url : () => `${origin()}/sandbox/pay/${channel}`,
        secret ?? sandboxSecret(signingKey, channel),
        url === null,
        now,
        failed,
      );
      return [channel, provider];
    }),
  ) as unknown as Record<PaymentChannel, PaymentProvider>;
}
