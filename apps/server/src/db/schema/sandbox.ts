/**
 * The payment sandbox's own books (src/sandbox/payments): it is another party, so it
 * keeps its payments, payouts and e-wallets apart from the platform's tables.
 */
import { bigint, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: id(),
    /** bank, eepay or merchant. */
    channel: text("channel").notNull(),
    merchantOrder: text("merchant_order").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** PENDING, PROCESSING, PAID, FAILED. */
    status: text("status").notNull(),
    paidAmount: bigint("paid_amount", { mode: "number" }),
    /** The e-wallet account that pays (eepay). */
    payer: text("payer"),
    notifyUrl: text("notify_url").notNull(),
    returnUrl: text("return_url").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sandbox_payments_order").on(t.channel, t.merchantOrder)],
);

export const sandboxPayouts = pgTable(
  "sandbox_payouts",
  {
    id: id(),
    channel: text("channel").notNull(),
    merchantOrder: text("merchant_order").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** { kind: "card", number, holder, bank } or { kind: "eepay", account }. */
    destination: jsonb("destination").notNull(),
    /** ACCEPTED, PAID, FAILED. */
    status: text("status").notNull(),
    paidAmount: bigint("paid_amount", { mode: "number" }),
    failureCode: text("failure_code"),
    notifyUrl: text("notify_url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sandbox_payouts_order").on(t.channel, t.merchantOrder)],
);

/** EE wallets: 1 EE coin = 1 yuan, kept in hundredths. */
export const sandboxWallets = pgTable("sandbox_wallets", {
  account: text("account").primaryKey(),
  balance: bigint("balance", { mode: "number" }).notNull().default(0),
  createdAt: createdAt(),
});
