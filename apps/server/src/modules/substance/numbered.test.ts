/**
 * Numbered pages sought by key (decision 0033) against the OFFSET they replace: every page of the
 * catalogue (each sort, a filter), of a long comment list and of a search holds exactly the rows,
 * in exactly the order, that `OFFSET (current - 1) * size` gives on the same database — ties in
 * every sort key included (rows a microsecond apart, equal play counts) — and its total is the
 * length where the database keeps it (the whole catalogue, a price of it, a video's threads), else
 * the count or, past the horizon, a lower bound marked `totalPlus`; the lengths it keeps follow
 * every kind of write. A `current` that is not a page number is a 400 with a message, never a 500.
 */
import { PriceFilter, SortOrder, TagFilter, WatchLevel } from "@platform/domain";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, rawPost, signIn, startSeeded } from "../../../test/harness";
import { rowsOf } from "../../db/subqueries";
import type { TestPlatform } from "../../../test/harness";
import { searchMatches, vipAccount } from "../../../test/social";
import type { Person } from "../../../test/social";
import { comments, users, videos } from "../../db/schema";
import { intKey, keyset, orderOf, timeKey } from "../../db/keyset";
import type { Keyset } from "../../db/keyset";
import { isPublished } from "./access";
import { sortOf } from "./lists";

/** Small, so that both kinds of total are met on the demo catalogue. */
const HORIZON = 9;

interface Numbered {
  records: { id: string }[];
  total?: number;
  totalPlus?: boolean;
}

const ids = (records: readonly { id: string | number }[]) => records.map((r) => String(r.id));

eachDatabase("numbered pages sought by key", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  const db = () => platform.server.ctx.db;

  beforeAll(async () => {
    platform = await startSeeded(target, {
      PAGE_COUNT_HORIZON: String(HORIZON),
      SEARCH_PROBE_ROWS: "8",
      CATALOGUE_CACHE_MS: "0",
    });
    vip = await signIn(platform, vipAccount);
    // 90 more published videos whose sort keys tie: review times a microsecond apart in groups of
    // seven, play counts in five values, update times in three, one video in four hot.
    await db().execute(sql`
      insert into ${videos} (author_id, title, tags, watch_level, amount, length_ms, width, height,
        status, audit_time, play_count, is_hot, classify_id, topic_id, channel_tag_id, media_key,
        cover_url, updated_at)
      select v.author_id, 'Tie city ' || g, v.tags, (array['FREE', 'CHARGE', 'SVIP'])[1 + g % 3],
        v.amount, v.length_ms, v.width, v.height, 99,
        timestamptz '2026-01-01 00:00:00.000001+00' + (g % 7) * interval '1 microsecond',
        g % 5, g % 4 = 0, v.classify_id, v.topic_id, v.channel_tag_id, v.media_key, v.cover_url,
        timestamptz '2026-01-02 00:00:00+00' + (g % 3) * interval '1 microsecond'
      from generate_series(1, 90) as g,
        (select * from ${videos} where status = 99 and deleted_at is null order by id limit 1) as v`);
  });
  afterAll(() => platform.close());

  /**
   * Page by page, numbered, against OFFSET over the same list; pages past the end included. `kept`:
   * the database keeps the list's length (an exact total); else HORIZON rows are counted.
   */
  async function compare(
    load: (current: number) => Promise<Numbered>,
    expected: (current: number) => Promise<string[]>,
    { listed, size, kept }: { listed: number; size: number; kept: boolean },
  ): Promise<void> {
    const pages = Math.ceil(listed / size);
    for (let current = 1; current <= pages + 1; current++) {
      const page = await load(current);
      const offset = (current - 1) * size;
      expect({ current, ids: ids(page.records) }).toEqual({ current, ids: await expected(current) });
      if (kept) {
        expect({ current, total: page.total, plus: page.totalPlus }).toEqual({ current, total: listed });
        continue;
      }
      // From the page's start, HORIZON rows are counted; past the end, the list from its start.
      const rest = offset <= listed ? listed - offset : listed;
      const from = offset <= listed ? offset : 0;
      expect({ current, total: page.total, plus: page.totalPlus ?? false }).toEqual({
        current,
        total: from + Math.min(rest, HORIZON),
        plus: rest > HORIZON,
      });
    }
  }

  async function byOffset(where: SQL | undefined, order: Keyset, current: number, size: number) {
    const rows = await db()
      .select({ id: videos.id })
      .from(videos)
      .where(where)
      .orderBy(...orderOf(order))
      .limit(size)
      .offset((current - 1) * size);
    return ids(rows);
  }

  async function countOf(table: typeof videos | typeof comments, where: SQL | undefined) {
    const [row] = await db().select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  }

  it("the catalogue, in each sort order and with filters, page by page", async () => {
    const free = eq(videos.watchLevel, WatchLevel.FREE);
    for (const sort of [SortOrder.default, SortOrder.recentUpdate, SortOrder.mostPlays]) {
      for (const [filter, where, kept] of [
        [{}, isPublished, true],
        [{ price: PriceFilter.free }, and(isPublished, free), true],
        [{ tag: TagFilter.hot }, and(isPublished, eq(videos.isHot, true)), false],
        [
          { price: PriceFilter.free, tag: TagFilter.hot },
          and(isPublished, free, eq(videos.isHot, true)),
          false,
        ],
      ] as const) {
        const size = sort === SortOrder.default ? 4 : 7;
        const order = sortOf(sort);
        await compare(
          (current) => vip.api.substance.getVideoList({ current, size, sort, ...filter }),
          (current) => byOffset(where, order, current, size),
          { listed: await countOf(videos, where), size, kept },
        );
      }
    }
  });

  it("a long comment list and a thread's replies, written in the same microseconds", async () => {
    const [video] = await db()
      .select({ id: videos.id })
      .from(videos)
      .where(and(isPublished, eq(videos.watchLevel, WatchLevel.FREE)))
      .orderBy(videos.id)
      .limit(1);
    const [author] = await db().select({ id: users.id }).from(users).limit(1);
    if (!video || !author) throw new Error("no video or user");
    const moment = sql`timestamptz '2026-02-01 00:00:00.000001+00' + (g % 4) * interval '1 microsecond'`;
    await db().execute(sql`
      insert into ${comments} (video_id, user_id, content, created_at, deleted_at)
      select ${video.id}, ${author.id}, 'thread ' || g, ${moment}, case when g % 11 = 0 then now() end
      from generate_series(1, 60) as g`);
    const [root] = await db()
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.videoId, video.id), isNull(comments.deletedAt)))
      .limit(1);
    if (!root) throw new Error("no thread");
    await db().execute(sql`
      insert into ${comments} (video_id, user_id, root_id, reply_to_id, content, created_at)
      select ${video.id}, ${author.id}, ${root.id}, ${root.id}, 'reply ' || g, ${moment}
      from generate_series(1, 23) as g`);
    const substanceId = String(video.id);
    for (const [rootId, direction] of [
      [null, "desc"],
      [root.id, "asc"],
    ] as const) {
      const order = keyset(direction, timeKey(comments.createdAt), intKey(comments.id));
      const where = and(
        eq(comments.videoId, video.id),
        isNull(comments.deletedAt),
        rootId === null ? isNull(comments.rootId) : eq(comments.rootId, rootId),
      );
      const size = 5;
      const rootCommentId = rootId === null ? {} : { rootCommentId: String(rootId) };
      await compare(
        (current) => vip.api.substance.commentList({ substanceId, current, size, ...rootCommentId }),
        async (current) =>
          ids(
            await db()
              .select({ id: comments.id })
              .from(comments)
              .where(where)
              .orderBy(...orderOf(order))
              .limit(size)
              .offset((current - 1) * size),
          ),
        { listed: await countOf(comments, where), size, kept: rootId === null },
      );
    }
  });

  it("a search, whether its matches are found in the order or through the indexes", async () => {
    for (const keyword of ["city", "Tie city 4", "美食", "Aurora Journey 2"]) {
      const matches = await searchMatches(db(), keyword);
      const size = 3;
      for (let current = 1; current <= Math.ceil(matches.length / size) + 1; current++) {
        const page: Numbered = await vip.api.search.substance({ keyword, current, size });
        const offset = (current - 1) * size;
        const expected = matches.slice(offset, offset + size);
        expect({ keyword, current, ids: ids(page.records) }).toEqual({ keyword, current, ids: expected });
        // Exact, or this page and one more match: a lower bound.
        if (page.totalPlus === true) expect(page.total).toBe(offset + size + 1);
        else
          expect({ keyword, current, total: page.total }).toEqual({
            keyword,
            current,
            total: matches.length,
          });
        expect(page.total).toBeLessThanOrEqual(matches.length);
      }
    }
  });

  describe("a page number that is not one", () => {
    const paths: [string, Record<string, unknown>][] = [
      ["/substance/app/substance-online/getVideoList", {}],
      ["/search/app/search/substance", { keyword: "city" }],
      ["/substance/app/comment/longList", { substanceId: "1" }],
    ];
    it("is refused with a 400 and a message, never a 500", async () => {
      const auth = { authorization: `Bearer ${vip.api.client.accessToken ?? ""}` };
      for (const [path, body] of paths) {
        for (const current of [0, -1, 10_001, 1.5, "2", "x", null, true, 1e21, { n: 1 }, [1]]) {
          const answer = await rawPost(platform, path, JSON.stringify({ ...body, current }), auth);
          expect({ path, current, status: answer.status < 500, code: answer.json.code }).toEqual({
            path,
            current,
            status: true,
            code: 400,
          });
          expect(answer.json.msg).not.toBe("");
        }
      }
      // The deepest page allowed is answered: past the end, no records and the list's length.
      const far = await vip.api.substance.getVideoList({ current: 10_000, size: 50 });
      expect(far).toMatchObject({ records: [], total: await countOf(videos, isPublished) });
    });
  });

  it("the lengths the database keeps follow every kind of write", async () => {
    const kept = async () => ({
      catalogue: rowsOf(
        await db().execute(
          sql`select list, length::int as n from catalogue_lengths where length <> 0 order by list`,
        ),
      ),
      threads: rowsOf(
        await db().execute(
          sql`select video_id::int as id, threads as n from video_threads where threads <> 0 order by 1`,
        ),
      ),
    });
    const counted = async () => ({
      catalogue: rowsOf(
        await db().execute(sql`select l.list, count(*)::int as n from videos
          cross join lateral (values ('published'), ('published:' || watch_level)) as l(list)
          where status = 99 and deleted_at is null group by l.list order by l.list`),
      ),
      threads: rowsOf(
        await db().execute(sql`select video_id::int as id, count(*)::int as n from comments
          where root_id is null and deleted_at is null group by video_id order by 1`),
      ),
    });
    expect(await kept()).toEqual(await counted());
    const tied = (n: number) => sql`(select id from ${videos} where title = ${`Tie city ${String(n)}`})`;
    const writes = [
      sql`update ${videos} set status = 40 where id = ${tied(1)}`,
      sql`update ${videos} set watch_level = 'FREE' where id = ${tied(2)} or id = ${tied(1)}`,
      sql`update ${videos} set status = 99 where id = ${tied(1)}`,
      sql`update ${videos} set deleted_at = now() where id = ${tied(3)}`,
      sql`update ${videos} set play_count = play_count + 1, watch_level = watch_level`,
      sql`delete from ${videos} where id = ${tied(4)} or id = ${tied(3)}`,
      sql`insert into ${videos} (author_id, title, watch_level, length_ms, width, height, status, audit_time)
        select author_id, 'More ' || g, 'SVIP', 1000, 16, 9, 99 - g % 2, now()
        from ${videos}, generate_series(1, 5) as g where id = ${tied(5)}`,
      sql`update ${comments} set deleted_at = now() where id in (select id from ${comments} where root_id is null and deleted_at is null order by id limit 3)`,
      sql`update ${comments} set deleted_at = null where id in (select id from ${comments} where root_id is null and deleted_at is not null order by id limit 1)`,
      sql`delete from ${comments} where id in (select c.id from ${comments} as c where c.content like 'thread %' and not exists (select 1 from ${comments} as r where r.root_id = c.id) order by c.id limit 4)`,
    ];
    for (const write of writes) {
      await db().execute(write);
      expect(await kept()).toEqual(await counted());
    }
  });
});
