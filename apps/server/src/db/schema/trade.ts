/**
 * Money in and out (Step 11, decision 0014): recharge and withdraw orders, every transition of
 * them, bank cards (numbers encrypted), the e-wallet link, and what providers told us.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { userRef } from "./accounts";

function updatedAt() {
  return timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
}

/** A recharge: PAYING until the provider says paid (or failed), or it is cancelled or expires. */
export const rechargeOrders = pgTable(
  "recharge_orders",
  {
    id: id(),
    orderNum: text("order_num").notNull(),
    userId: userRef(),
    /** RechargeStatus (spec §4). */
    status: text("status").notNull(),
    /** PaymentMethod: EE_PAY, BANK_SM, MERCHANT. */
    payMethod: text("pay_method").notNull(),
    /** The provider channel that takes the payment (bank, eepay, merchant). */
    provider: text("provider").notNull(),
    applicationAmount: bigint("application_amount", { mode: "number" }).notNull(),
    receivedAmount: bigint("received_amount", { mode: "number" }),
    providerRef: text("provider_ref"),
    payUrl: text("pay_url"),
    payee: text("payee"),
    bankName: text("bank_name"),
    /** A ServerMessageKey, worded in the reader's language when answered. */
    failureReason: text("failure_reason"),
    /** The owner's own words, or a ServerMessageKey when the order expired. */
    cancelReason: text("cancel_reason"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paymentTime: timestamp("payment_time", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("recharge_orders_order_num").on(t.orderNum),
    index("recharge_orders_user").on(t.userId, t.id),
    // One unfinished recharge per person: the database refuses the second, whatever races.
    uniqueIndex("recharge_orders_one_unfinished")
      .on(t.userId)
      .where(sql`${t.status} IN ('PAYING', 'PROCESSING')`),
    check("recharge_orders_amount_positive", sql`${t.applicationAmount} > 0`),
  ],
);

/** A withdrawal: the amount is held from GOLD at once, then paid out, or given back. */
export const withdrawOrders = pgTable(
  "withdraw_orders",
  {
    id: id(),
    orderNum: text("order_num").notNull(),
    userId: userRef(),
    /** WithdrawStatus (spec §4). */
    status: text("status").notNull(),
    /** WithdrawType: BANK_WITHDRAW, EEPAY_WITHDRAW, GOLD_WITHDRAW. */
    withdrawType: text("withdraw_type").notNull(),
    /** WithdrawTiming: RESERVED (paid in the next batch, with the bonus) or NORMAL. */
    timing: text("timing").notNull(),
    provider: text("provider").notNull(),
    applicationAmount: bigint("application_amount", { mode: "number" }).notNull(),
    receivedAmount: bigint("received_amount", { mode: "number" }),
    bonusAmount: bigint("bonus_amount", { mode: "number" }).notNull().default(0),
    payeeId: bigint("payee_id", { mode: "number" }),
    /** The holder's name or the e-wallet account, as shown. */
    payee: text("payee"),
    bankName: text("bank_name"),
    cardNumberMasked: text("card_number_masked"),
    /** Where the payout goes (a card number or an e-wallet account), encrypted. */
    destination: text("destination").notNull(),
    providerRef: text("provider_ref"),
    /** When the payout is to be sent to the provider; urging moves it to now. */
    payoutAt: timestamp("payout_at", { withTimezone: true }).notNull(),
    /** When it was sent: from then on it can no longer be cancelled. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    failureReason: text("failure_reason"),
    cancelReason: text("cancel_reason"),
    /** UrgeState: PRESS (1) until urged, then DONE (2). */
    urge: smallint("urge").notNull().default(1),
    receiptConfirmed: boolean("receipt_confirmed").notNull().default(false),
    /** The failed order this one withdraws again. */
    retryOf: bigint("retry_of", { mode: "number" }),
    paymentTime: timestamp("payment_time", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("withdraw_orders_order_num").on(t.orderNum),
    index("withdraw_orders_user").on(t.userId, t.id),
    // 'Withdraw again' once per failed order.
    uniqueIndex("withdraw_orders_retry_of").on(t.retryOf),
    check("withdraw_orders_amount_positive", sql`${t.applicationAmount} > 0`),
  ],
);

/** Every transition of every order, with what caused it: never updated. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    /** OrderTab: RECHARGE_ORDER or WITHDRAW_ORDER. */
    orderType: text("order_type").notNull(),
    orderId: bigint("order_id", { mode: "number" }).notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** created, notification, query, cancel, expire, payout, urge, confirm… */
    cause: text("cause").notNull(),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order").on(t.orderType, t.orderId, t.id)],
);

/** A person's bank cards (payees). The number is stored encrypted, with its last four apart. */
export const payeeCards = pgTable(
  "payee_cards",
  {
    id: id(),
    userId: userRef(),
    cardCipher: text("card_cipher").notNull(),
    cardLast4: text("card_last4").notNull(),
    /** A keyed hash of the number: the same card cannot be bound twice, by anyone. */
    cardFingerprint: text("card_fingerprint").notNull(),
    cardholderName: text("cardholder_name").notNull(),
    bankName: text("bank_name").notNull(),
    isPrimary: boolean("is_primary").notNull().default(false),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payee_cards_user").on(t.userId),
    // A card is bound to one person at a time (decision 0023): its holder's payouts only.
    uniqueIndex("payee_cards_one_holder")
      .on(t.cardFingerprint)
      .where(sql`${t.removedAt} IS NULL`),
    uniqueIndex("payee_cards_one_primary")
      .on(t.userId)
      .where(sql`${t.isPrimary} AND ${t.removedAt} IS NULL`),
  ],
);

/** The e-wallet (EEPay) account a person's recharges are paid from. */
export const eepayLinks = pgTable("eepay_links", {
  userId: userRef().primaryKey(),
  account: text("account").notNull(),
  createdAt: createdAt(),
});

/** What providers told us (signed notifications, answers to queries), for the record. */
export const providerEvents = pgTable(
  "provider_events",
  {
    id: id(),
    provider: text("provider").notNull(),
    /** The provider's id of the event: a repeat of one already recorded is not recorded again. */
    eventId: text("event_id").notNull(),
    orderNum: text("order_num").notNull(),
    body: jsonb("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("provider_events_event").on(t.provider, t.eventId)],
);
