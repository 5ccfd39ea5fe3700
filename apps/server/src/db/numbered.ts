/**
 * Numbered pages at scale (decision 0033). The spec's paging asks for page `current` and answers
 * `total`; read by `OFFSET` with `count(*) over ()`, every such page read the whole list (home
 * page 1 took 232 ms at 100 000 videos). Here a numbered page is a keyset page (decision 0016)
 * that starts after the last row of the page before: that row's keys are found by an index-only
 * read of the sort's index (keys and filters only, no table rows), then the page is read from
 * there like any cursor's page. The total counts at most `horizon` rows from the page's start:
 * exact when the list ends within them, else a lower bound (`totalPlus`).
 *
 * The rows are exactly those of `OFFSET (current - 1) * size` in the same order: the order is
 * total (every keyset ends with a unique key), and "after the row at position offset − 1" is
 * "from position offset".
 */
import { and, count, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./database";
import { afterCursor, encodeCursor, keysAt } from "./keyset";
import type { Counted, Keyset, PageRequest } from "./keyset";

/** Where page `current` of a list starts, and its count. */
export interface NumberedPlace {
  /** The cursor of the last row of the page before (null on page 1): the page is read after it. */
  readonly cursor: string | null;
  /** The list ends before this page: there is nothing to read. */
  readonly pastEnd: boolean;
  /** Count the list from the page's start, `horizon` rows at most. */
  readonly count: () => Promise<Counted>;
}

/**
 * Find page `paging.current` of the list of `table`'s rows that `where` keeps, in `order`. `where`
 * may name `table`'s columns only: the page's own query may join others (an author, a commenter),
 * but only through a foreign key that is never null, so the join keeps every row and the list is
 * the same.
 */
export async function numberedPlace(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  order: Keyset,
  paging: PageRequest,
  horizon: number,
): Promise<NumberedPlace> {
  const offset = (paging.current - 1) * paging.size;
  let cursor: string | null = null;
  if (offset > 0) {
    const last = await keysAt(db, table, where, order, offset - 1);
    if (last) cursor = encodeCursor(order.keys.map((_, i) => last[`keyset_${String(i)}`] ?? ""));
  }
  const pastEnd = offset > 0 && cursor === null;
  const counter = async (): Promise<Counted> => {
    // Past the end, the list is shorter than `offset`: it is counted from its start.
    const from = pastEnd ? 0 : offset;
    const counted = db
      .select({ one: sql`1`.as("one") })
      .from(table)
      .where(and(where, cursor === null ? undefined : afterCursor(order, cursor)))
      .limit(horizon + 1)
      .as("counted");
    const [row] = await db.select({ n: count() }).from(counted);
    const n = row?.n ?? 0;
    return { total: from + Math.min(n, horizon), plus: n > horizon };
  };
  return { cursor, pastEnd, count: counter };
}
