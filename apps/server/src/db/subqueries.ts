import { count, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./database";

/*
 * Correlated subqueries built with the query builder. In a select from one table, drizzle writes
 * the columns of a raw `sql` field without their table name, so a hand-written subquery's `id`
 * silently becomes the inner table's own id. Built like this, every column keeps its table.
 */

/** `(select count(*) from table where …)` as a number. */
export function countWhere(db: Db, table: PgTable, where: SQL | undefined): SQL<number> {
  return sql<number>`${db.select({ n: count() }).from(table).where(where)}`.mapWith(Number);
}

/** `exists (select 1 from table where …)`. */
export function existsWhere(db: Db, table: PgTable, where: SQL | undefined): SQL<boolean> {
  return sql<boolean>`exists ${db
    .select({ one: sql`1` })
    .from(table)
    .where(where)}`;
}

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
