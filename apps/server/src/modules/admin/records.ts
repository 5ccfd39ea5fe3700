/** What the console's answers say of a person: their id, nickname and member ID. */
import { asc, desc, eq } from "drizzle-orm";
import type { AnyColumn, SQL } from "drizzle-orm";
import { BusinessCode } from "@platform/domain";
import type { Db } from "../../db/database";
import { users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";

/** A numbered page's place in a console list (1-based page, rows per page). */
export interface Paged {
  readonly page: number;
  readonly size: number;
}

/**
 * A numbered page of a console list: `rows` reads the page's window (limit, offset), `count` how
 * many there are in all — both at once.
 */
export async function numbered<R>(
  body: Paged,
  rows: (limit: number, offset: number) => PromiseLike<R[]>,
  count: PromiseLike<readonly { n: number }[]>,
): Promise<{ rows: R[]; total: number }> {
  const [found, [all]] = await Promise.all([rows(body.size, (body.page - 1) * body.size), count]);
  return { rows: found, total: all?.n ?? 0 };
}

/** Text for a LIKE pattern, its wildcards taken literally. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns a person's record is read from (for a select or a join). */
export const personColumns = { id: users.id, nickName: users.nickName, memberId: users.memberId };

export function personOf(p: { readonly id: number; readonly nickName: string; readonly memberId: string }) {
  return { id: String(p.id), nickName: p.nickName, memberId: p.memberId };
}

/** A person's record columns, or a 404 when there is no such person. */
export async function personById(db: Db, userId: number) {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, userId));
  if (!row) throw new BusinessError(BusinessCode.notFound, ServerMessage.notFound);
  return row;
}

/**
 * The order of a console list: the column asked for (`sort.by` among `columns`), then the id as a
 * tie-break, both in the direction asked; without one, newest first by id.
 */
export function orderOf<C extends string>(
  sort: { readonly by: C; readonly desc: boolean } | undefined,
  columns: Readonly<Record<C, AnyColumn>>,
  id: AnyColumn,
): SQL[] {
  if (sort === undefined) return [desc(id)];
  const direction = sort.desc ? desc : asc;
  return [direction(columns[sort.by]), direction(id)];
}
