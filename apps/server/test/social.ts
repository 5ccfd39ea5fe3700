import type { WatchLevel } from "@platform/domain";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Db } from "../src/db/database";
import { comments, follows, purchases, users, videoCollects, videos, watchHistory } from "../src/db/schema";
import { isPublished } from "../src/modules/substance/access";
import type { VideoRow } from "../src/modules/substance/access";
import { demoAccounts } from "../src/seed";
import { signIn, startSeeded } from "./harness";
import type { DatabaseTarget, TestPlatform } from "./harness";

/** What a social suite needs of the harness, from one place. */
export { eachDatabase, failure } from "./harness";
export type { TestPlatform } from "./harness";

/**
 * What the social suites share (src/modules/substance/: videos, likes-and-collects, comments,
 * favorites, follows, search, my-panel and reports .test.ts, each over HTTP): a seeded server with
 * the demo accounts signed in, a pool of untouched videos, and the helpers their assertions use
 * (refusals are asserted by their keys, `msgKey`, not by their sentences).
 */

export const [vipAccount, ordinaryAccount, permanentAccount, studioAccount] = demoAccounts;

export type Person = Awaited<ReturnType<typeof signIn>>;
export type Client = ReturnType<TestPlatform["client"]>;

/** Non-increasing, by a key. */
export function descending<T>(list: readonly T[], key: (x: T) => number | string): boolean {
  return list.every((x, i) => i === 0 || key(list[i - 1] as T) >= key(x));
}

/**
 * The ids of the published videos a search for `keyword` must find, as ILIKE finds them (title,
 * tags or author's nickname; % and _ literal), in the catalogue's default order.
 */
export async function searchMatches(db: Db, keyword: string): Promise<string[]> {
  const pattern = `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.authorId))
    .where(
      and(
        isPublished,
        sql`(${videos.title} ilike ${pattern} or array_to_string(${videos.tags}, ' ') ilike ${pattern} or ${users.nickName} ilike ${pattern})`,
      ),
    )
    .orderBy(desc(videos.isHot), desc(videos.auditTime), desc(videos.id));
  return rows.map((r) => String(r.id));
}

/** One suite's server, people and helpers (see `startSocial`). */
export interface Social {
  readonly platform: TestPlatform;
  readonly vip: Person;
  readonly ordinary: Person;
  readonly permanent: Person;
  readonly studio: Person;
  /** Nobody signed in (the public channel pages). */
  readonly guest: Client;
  /** A published video no other test uses, of a level (and matching a condition) when asked. */
  readonly fresh: (level?: WatchLevel, fits?: (v: VideoRow) => boolean) => VideoRow;
  readonly rowOf: (id: number | string) => Promise<VideoRow>;
  readonly publishedCount: (...where: SQL[]) => Promise<number>;
  readonly userIdOf: (mobile: string) => Promise<number>;
  readonly fansOf: (userId: number) => Promise<number>;
}

/**
 * A server on a fresh database of `target`, seeded, with the four demo accounts signed in and a
 * guest; `fresh` hands out the published videos nothing was seeded on (no comments, history,
 * collects or purchases), one by one.
 */
export async function startSocial(target: DatabaseTarget): Promise<Social> {
  const platform = await startSeeded(target);
  const db = () => platform.server.ctx.db;
  const vip = await signIn(platform, vipAccount);
  const ordinary = await signIn(platform, ordinaryAccount);
  const permanent = await signIn(platform, permanentAccount);
  const studio = await signIn(platform, studioAccount);
  const guest = platform.client();
  const touched = sql`(
      exists (select 1 from ${comments} where ${comments.videoId} = ${videos.id})
      or exists (select 1 from ${watchHistory} where ${watchHistory.videoId} = ${videos.id})
      or exists (select 1 from ${videoCollects} where ${videoCollects.videoId} = ${videos.id})
      or exists (select 1 from ${purchases} where ${purchases.videoId} = ${videos.id})
    )`;
  const pool: VideoRow[] = await db()
    .select()
    .from(videos)
    .where(and(isPublished, sql`not ${touched}`))
    .orderBy(desc(videos.id));

  function fresh(level?: WatchLevel, fits: (v: VideoRow) => boolean = () => true): VideoRow {
    const index = pool.findIndex((v) => (level === undefined || v.watchLevel === level) && fits(v));
    const [video] = index < 0 ? [] : pool.splice(index, 1);
    if (!video) throw new Error(`no unused ${level ?? "any"} video left`);
    return video;
  }

  async function rowOf(id: number | string): Promise<VideoRow> {
    const [row] = await db()
      .select()
      .from(videos)
      .where(eq(videos.id, Number(id)));
    if (!row) throw new Error(`no video ${String(id)}`);
    return row;
  }

  async function publishedCount(...where: SQL[]): Promise<number> {
    const [row] = await db()
      .select({ n: count() })
      .from(videos)
      .where(and(isPublished, ...where));
    return row?.n ?? 0;
  }

  async function userIdOf(mobile: string): Promise<number> {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
    if (!row) throw new Error(`no user ${mobile}`);
    return row.id;
  }

  async function fansOf(userId: number): Promise<number> {
    const [row] = await db().select({ n: count() }).from(follows).where(eq(follows.followUserId, userId));
    return row?.n ?? 0;
  }

  return {
    platform,
    vip,
    ordinary,
    permanent,
    studio,
    guest,
    fresh,
    rowOf,
    publishedCount,
    userIdOf,
    fansOf,
  };
}
