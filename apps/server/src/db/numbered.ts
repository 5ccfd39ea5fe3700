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
import { afterCursor, encodeCursor, keyText, keyset, keysAt, orderOf } from "./keyset";
import { rowAtPlace } from "./places";
import type { KeptPlaces } from "./places";
import { rowsOf } from "./subqueries";
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

/** A list as a numbered page reads it. */
export interface NumberedList {
  readonly table: PgTable;
  /** Which rows: `table`'s columns only (see numberedPlace). */
  readonly where: SQL | undefined;
  readonly order: Keyset;
  /**
   * The list's exact length, kept by the database (an SQL scalar: migration 0023's
   * `catalogue_lengths` or `video_threads`), when it has one: no count, and the page is sought from
   * the nearer end.
   */
  readonly length?: SQL | undefined;
  /**
   * Where the list's rows lie, kept by the database beside its length (migration 0025): the row
   * before the page is found through them (`db/places.ts`) instead of from the nearer end.
   */
  readonly places?: KeptPlaces | undefined;
}

/**
 * Find page `paging.current` of a list. `where` may name the table's columns only: the page's own
 * query may join others (an author, a commenter), but only through a foreign key that is never
 * null, so the join keeps every row and the list is the same.
 */
export async function numberedPlace(
  db: Db,
  list: NumberedList,
  paging: PageRequest,
  horizon: number,
): Promise<NumberedPlace> {
  const offset = (paging.current - 1) * paging.size;
  if (list.length) return placeByLength(db, list, list.length, offset);
  const { table, where, order } = list;
  let cursor: string | null = null;
  if (offset > 0) {
    const last = await keysAt(db, table, where, order, offset - 1);
    if (last) cursor = cursorOf(order, last);
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

const cursorOf = (order: Keyset, row: Readonly<Record<string, unknown>>) =>
  encodeCursor(order.keys.map((_, i) => String(row[`keyset_${String(i)}`])));

/**
 * A list whose length `n` the database keeps: the row before the page (position offset − 1) is
 * found through its places when the database keeps them (decision 0037); else from the start when
 * it lies in the first half, from the end (position n − offset of the reversed order) otherwise,
 * so a page costs at most half the list's index. One statement: the length and the counts or rows
 * it is compared with are of the same moment. Each half's query runs only when its condition on
 * `n` holds.
 */
async function placeByLength(
  db: Db,
  list: NumberedList,
  length: SQL,
  offset: number,
): Promise<NumberedPlace> {
  const n = sql`coalesce(${length}, 0)`;
  if (offset === 0) {
    const count = async () => {
      const [row] = rowsOf<{ n: string }>(await db.execute(sql`select (${n})::text as n`));
      return { total: Number(row?.n ?? 0), plus: false };
    };
    return { cursor: null, pastEnd: false, count };
  }
  const { table, where, order } = list;
  const name = (i: number) => sql.identifier(`key_${String(i)}`);
  const keys = sql.join(
    order.keys.map((k, i) => sql`${k.column} as ${name(i)}`),
    sql`, `,
  );
  const reversed = keyset(order.direction === "asc" ? "desc" : "asc", ...order.keys);
  const orderBy = (set: Keyset) => sql.join(orderOf(set), sql`, `);
  const before = offset - 1;
  const edge = list.places
    ? rowAtPlace(list.places, list, keys, sql`${before}::bigint`)
    : sql`(select ${keys} from ${table} where ${and(where, sql`${n} > ${2 * before}`)}
      order by ${orderBy(order)} offset ${before} limit 1)
    union all
    (select ${keys} from ${table} where ${and(where, sql`${n} <= ${2 * before}`, sql`${n} >= ${offset}`)}
      order by ${orderBy(reversed)} offset greatest(${n} - ${offset}, 0) limit 1)`;
  const texts = order.keys.map(
    (k, i) => sql`${keyText(k.kind, sql`edge.${name(i)}`)} as ${sql.identifier(`keyset_${String(i)}`)}`,
  );
  const [row] = rowsOf(
    await db.execute(
      sql`select (${n})::text as n, ${sql.join(texts, sql`, `)}
        from (select 1) as one left join (${edge}) as edge on true`,
    ),
  );
  const total = Number(row?.n ?? 0);
  const found = row?.keyset_0 !== null && row?.keyset_0 !== undefined;
  return {
    cursor: found ? cursorOf(order, row) : null,
    pastEnd: !found,
    count: () => Promise.resolve({ total, plus: false }),
  };
}
