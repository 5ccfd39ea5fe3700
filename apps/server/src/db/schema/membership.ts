/**
 * Membership sold (Step 12): one row per purchase of a plan, with the term it added. The gold
 * moved through the ledger as a MEMBERSHIP journal whose reference is `vip_orders:<id>`.
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { userRef } from "./accounts";
import { vipGoods } from "./app";

export const vipOrders = pgTable(
  "vip_orders",
  {
    id: id(),
    userId: userRef(),
    goodId: bigint("good_id", { mode: "number" })
      .notNull()
      .references(() => vipGoods.id),
    /** OPEN_SVIP (was not a member) or BUY_SVIP (renewed). */
    type: text("type").notNull(),
    /** Days bought; 0: permanent. */
    days: integer("days").notNull(),
    /** Hundredths of gold paid. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** Where the added term starts: the purchase, or the end of the term it extends. */
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** The term's new end; empty when the purchase made the member permanent. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("vip_orders_user").on(t.userId, t.createdAt),
    check("vip_orders_amount", sql`${t.amount} >= 0`),
    check("vip_orders_days", sql`${t.days} >= 0`),
  ],
);
