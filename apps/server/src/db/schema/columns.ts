import { bigserial, timestamp } from "drizzle-orm/pg-core";

/** The primary key of most tables: a bigserial that travels as text in the contract. */
export function id() {
  return bigserial("id", { mode: "number" }).primaryKey();
}

/** When a row was made (timestamptz, set by the database). */
export function createdAt() {
  return timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
}
