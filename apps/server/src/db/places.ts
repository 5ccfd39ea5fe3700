/**
 * Places kept by the database (decision 0037, migration 0025): for the longest lists, how many
 * rows lie in each block of the order's time key — its microseconds since the epoch shifted right
 * by 46, 40, 34, 28, 22 and 16 bits, each block holding 64 of the level below. The row at position
 * `offset` is found by walking down the levels (`catalogue_place_at`, `thread_place_at`): at each,
 * the children of the block chosen above are summed in the list's order until the sum passes what
 * is left of the offset (64 blocks at most); then the rows of one 65 ms block are stepped over in
 * the sort's index. The cost follows the levels, not the depth: a page in the middle of 100 000
 * videos reads a few hundred counts and an index entry or two, not 50 000 entries.
 */
import { and, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Keyset } from "./keyset";
import { orderOf } from "./keyset";

/** The finest level's shift: a block of 2^16 µs (65 ms). */
const LEAF_SHIFT = sql.raw("16");

/**
 * A list's places: `at(offset)`, a call of the database's walk (one row: `block`, and `rest`, the
 * rows of that block before position `offset`; `hot` too when `lead`). The list's order is
 * descending, `[lead], time, …, a unique key`, its rows exactly those the walk counts.
 */
export interface KeptPlaces {
  readonly at: (offset: SQL) => SQL;
  /** The order's first key is a flag the walk chooses too (`hot`); the time key is then second. */
  readonly lead: boolean;
}

/** The published catalogue in the default order, all of it or one watch level (a price filter). */
export function placesOfCatalogue(watchLevel: string | null): KeptPlaces {
  return { at: (offset) => sql`catalogue_place_at(${watchLevel}::text, ${offset})`, lead: true };
}

/** A video's live threads, newest first. */
export function placesOfThreads(videoId: number): KeptPlaces {
  return { at: (offset) => sql`thread_place_at(${videoId}::bigint, ${offset})`, lead: false };
}

/**
 * SQL for the row at position `offset` (an SQL bigint) of the list `where` of `table` in `order`,
 * found through its places: its `columns` (no row past the end). One statement with whatever
 * reads it — the walk is STABLE — so the counts and the rows are of the same moment.
 */
export function rowAtPlace(
  places: KeptPlaces,
  list: { readonly table: PgTable; readonly where: SQL | undefined; readonly order: Keyset },
  columns: SQL,
  offset: SQL,
): SQL {
  const { table, where, order } = list;
  const [first, second] = order.keys;
  const time = places.lead ? second : first;
  if (!first || !time || order.direction !== "desc") throw new Error("not an order of places");
  const inBlock = and(
    where,
    places.lead ? sql`${first.column} = leaf.hot` : undefined,
    sql`${time.column} between page_place_first(leaf.block, ${LEAF_SHIFT})
      and page_place_last(leaf.block, ${LEAF_SHIFT})`,
  );
  return sql`select found.* from ${places.at(offset)} as leaf cross join lateral (
      select ${columns} from ${table} where ${inBlock}
      order by ${sql.join(orderOf(order), sql`, `)} offset leaf.rest limit 1
    ) as found`;
}
