/**
 * A payment provider as the platform sees it (decision 0014): take a payment on its hosted page,
 * tell us by signed notification, answer queries, pay out to a card or an e-wallet, verify a card,
 * and (the e-wallet) keep its own balance. The trade module talks only to this interface.
 */

/** The providers the platform uses: a bank gateway, the EEPay e-wallet, a merchant acquirer. */
export const PaymentChannel = { bank: "bank", eepay: "eepay", merchant: "merchant" } as const;
export type PaymentChannel = (typeof PaymentChannel)[keyof typeof PaymentChannel];
export const paymentChannels = Object.values(PaymentChannel);

export interface PaymentRequest {
  readonly merchantOrder: string;
  /** Hundredths. */
  readonly amount: number;
  readonly notifyUrl: string;
  /** Where the provider's page sends the payer back. */
  readonly returnUrl: string;
  /** The e-wallet account that pays (EEPay). */
  readonly payer?: string | null;
}

export type PaymentStatus = "PENDING" | "PROCESSING" | "PAID" | "FAILED";

export interface PaymentState {
  readonly status: PaymentStatus;
  /** What was paid (may differ from the amount asked: the payer chose). */
  readonly paidAmount: number | null;
}

export type PayoutDestination =
  | { readonly kind: "card"; readonly number: string; readonly holder: string; readonly bank: string }
  | { readonly kind: "eepay"; readonly account: string };

export interface PayoutRequest {
  readonly merchantOrder: string;
  readonly amount: number;
  readonly destination: PayoutDestination;
  readonly notifyUrl: string;
}

export type PayoutStatus = "ACCEPTED" | "PAID" | "FAILED";

export interface PayoutState {
  readonly status: PayoutStatus;
  readonly paidAmount: number | null;
  /** Why it failed, e.g. BANK_INFO_INVALID. */
  readonly failureCode: string | null;
}

/** A notification the provider signed: a payment's or a payout's new state. */
export interface ProviderNotification {
  readonly eventId: string;
  readonly type: "payment" | "payout";
  readonly merchantOrder: string;
  readonly status: PaymentStatus | PayoutStatus;
  readonly paidAmount: number | null;
  readonly failureCode: string | null;
}

export interface PaymentProvider {
  readonly channel: PaymentChannel;
  /** A sandbox stands behind it (shown marked in the app; the behaviour is the provider's). */
  readonly sandbox: boolean;
  createPayment(request: PaymentRequest): Promise<{ readonly payUrl: string; readonly providerRef: string }>;
  /** Null when the provider does not know the order. */
  queryPayment(merchantOrder: string): Promise<PaymentState | null>;
  /**
   * Give a paid payment back to its payer, in full (a held payment an operator refuses: decision
   * 0023). Idempotent at the provider: asking again answers the same.
   */
  refundPayment(merchantOrder: string): Promise<{ readonly amount: number }>;
  payout(request: PayoutRequest): Promise<PayoutState & { readonly providerRef: string }>;
  queryPayout(merchantOrder: string): Promise<PayoutState | null>;
  verifyCard(card: {
    readonly number: string;
    readonly holder: string;
    readonly bank: string;
  }): Promise<boolean>;
  /** The e-wallet's own page for an account (EEPay). */
  walletEnterUrl(account: string): Promise<string>;
  /** The e-wallet balance of an account, in hundredths (1 EE coin = 1 yuan). */
  walletBalance(account: string): Promise<number>;
  /** The notification in a signed request, or null when the signature does not hold. */
  verifyNotification(signature: string | undefined, rawBody: string): ProviderNotification | null;
}
