/**
 * Numbered pages found through the places the database keeps (decision 0037, migration 0025)
 * against OFFSET: the published catalogue in the default order (all of it, each watch level) and a
 * video's threads, with rows tied on the last microsecond of a block and the first of the next at
 * the finest level, a middle one and the top. Every position of each list is found through the
 * walk and compared with OFFSET's row at that position (one past the end too); the pages the API
 * answers are compared page by page, the last and one past it included. Then each kind of write
 * that moves rows between blocks — unpublish, publish, a new review time, hot, a watch level,
 * emptying a block, deletes and inserts — and the places still equal a recount and every position
 * still matches.
 */
import { PriceFilter, SortOrder, WatchLevel } from "@platform/domain";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eachDatabase, signIn, startSeeded } from "../../../test/harness";
import type { TestPlatform } from "../../../test/harness";
import { vipAccount } from "../../../test/social";
import type { Person } from "../../../test/social";
import { rowsOf } from "../../db/subqueries";
import { comments, users, videos } from "../../db/schema";
import { intKey, keyset, orderOf, timeKey } from "../../db/keyset";
import type { Keyset } from "../../db/keyset";
import { placesOfCatalogue, placesOfThreads, rowAtPlace } from "../../db/places";
import type { KeptPlaces } from "../../db/places";
import { isPublished } from "./access";
import { sortOf } from "./lists";

const SHIFTS = "array[46, 40, 34, 28, 22, 16]";

/** A moment near the blocks' edges the lists are written on (fixed: every write finds them again). */
const MOMENT = "page_place_key(timestamptz '2026-01-15 12:34:56.789012+00')";

/** The first microsecond of MOMENT's block at `shift`, moved by `d` µs (SQL of constants). */
const edgeOf = (shift: string, d: string) =>
  `timestamptz 'epoch' + (((${MOMENT} >> ${shift}) << ${shift}) + ${d}) * interval '1 microsecond'`;
const edge = (shift: string, d: string) => sql.raw(edgeOf(shift, d));
/** Two before the edge, one before (twice), on it (twice), one after: at shifts 16, 28 and 46. */
const onEdges = sql.raw(`lateral (select ${edgeOf("e.shift", "e.d")} as at
  from (select (array[16, 28, 46])[1 + g % 3] as shift, (array[-2, -1, -1, 0, 0, 1])[1 + (g / 3) % 6] as d) as e)
  as on_edge`);

const ids = (rows: readonly { id: string | number }[]) => rows.map((r) => String(r.id));

eachDatabase("numbered pages found through kept places", (target) => {
  let platform: TestPlatform;
  let vip: Person;
  const db = () => platform.server.ctx.db;
  const order = sortOf(SortOrder.default);
  const threadOrder = keyset("desc", timeKey(comments.createdAt), intKey(comments.id));
  let videoId = 0;
  let quietVideoId = 0;

  beforeAll(async () => {
    platform = await startSeeded(target, { CATALOGUE_CACHE_MS: "0" });
    vip = await signIn(platform, vipAccount);
    // 72 published videos on blocks' edges, hot one in four, every watch level.
    await db().execute(sql`
      insert into ${videos} (author_id, title, watch_level, length_ms, width, height, status,
        audit_time, is_hot)
      select v.author_id, 'Edge ' || g, (array['FREE', 'CHARGE', 'SVIP'])[1 + (g / 7) % 3], 1000, 16, 9,
        99, on_edge.at, g % 4 = 0
      from generate_series(1, 72) as g cross join ${onEdges},
        (select author_id from ${videos} where status = 99 order by id limit 1) as v`);
    // Two free videos: one to write threads on, one whose threads are all gone (an empty list).
    const [picked] = rowsOf<{ first: string; quiet: string; author: string }>(
      await db().execute(sql`select (array_agg(id order by id))[1] as first,
          (array_agg(id order by id))[2] as quiet, (select min(id) from ${users}) as author
        from ${videos} where status = 99 and deleted_at is null and watch_level = 'FREE'`),
    );
    const [first, quiet, author] = [picked?.first, picked?.quiet, picked?.author].map(Number);
    if (!first || !quiet || !author) throw new Error("no video or user");
    videoId = first;
    quietVideoId = quiet;
    await db().execute(sql`delete from ${comments} where video_id = ${quietVideoId}`);
    // 60 threads on the same edges (one in nine deleted) and replies that are not threads.
    await db().execute(sql`
      insert into ${comments} (video_id, user_id, content, created_at, deleted_at)
      select ${videoId}, ${author}, 'edge thread ' || g, on_edge.at, case when g % 9 = 0 then now() end
      from generate_series(1, 60) as g cross join ${onEdges}`);
    await db().execute(sql`
      insert into ${comments} (video_id, user_id, root_id, reply_to_id, content, created_at)
      select c.video_id, c.user_id, c.id, c.id, 'edge reply', c.created_at
      from ${comments} as c where c.content like 'edge thread %' and c.deleted_at is null`);
  });
  afterAll(() => platform.close());

  const catalogueWhere = (level: string | null) =>
    and(isPublished, level === null ? undefined : eq(videos.watchLevel, level));
  const threadsWhere = (id: number) =>
    and(eq(comments.videoId, id), isNull(comments.rootId), isNull(comments.deletedAt));

  /** Every position of the list, through its places, against OFFSET's rows in order (and one past). */
  async function everyPosition(
    places: KeptPlaces,
    table: typeof videos | typeof comments,
    where: SQL | undefined,
    set: Keyset,
  ) {
    const id = table === videos ? videos.id : comments.id;
    const listed = ids(
      await db()
        .select({ id })
        .from(table)
        .where(where)
        .orderBy(...orderOf(set)),
    );
    const found = rowAtPlace(places, { table, where, order: set }, sql`${id} as id`, sql`g.i`);
    const walked = rowsOf<{ id: string | null }>(
      await db().execute(sql`select (select found_row.id from (${found}) as found_row)::text as id
        from generate_series(0, ${listed.length}::int) as g(i) order by g.i`),
    );
    expect(walked.map((r) => r.id)).toEqual([...listed, null]);
  }

  const everyCatalogue = async () => {
    for (const level of [null, WatchLevel.FREE, WatchLevel.CHARGE, WatchLevel.SVIP])
      await everyPosition(placesOfCatalogue(level), videos, catalogueWhere(level), order);
  };
  const everyThread = async () => {
    for (const id of [videoId, quietVideoId])
      await everyPosition(placesOfThreads(id), comments, threadsWhere(id), threadOrder);
  };

  /** The places as kept, and as a recount of the rows makes them. */
  async function placesNow() {
    const read = async (query: SQL) => rowsOf(await db().execute(query));
    return {
      kept: {
        catalogue: await read(sql`select shift, hot, block::text, watch_level, videos::int as n
          from catalogue_places where videos <> 0 order by 1, 2, 3, 4`),
        threads: await read(sql`select video_id::int, shift, block::text, threads as n
          from thread_places where threads <> 0 order by 1, 2, 3`),
      },
      counted: {
        catalogue: await read(sql`select s.shift, v.is_hot as hot,
            (page_place_key(v.audit_time) >> s.shift)::text as block, v.watch_level, count(*)::int as n
          from videos as v cross join unnest(${sql.raw(SHIFTS)}) as s(shift)
          where v.status = 99 and v.deleted_at is null group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
        threads: await read(sql`select c.video_id::int, s.shift,
            (page_place_key(c.created_at) >> s.shift)::text as block, count(*)::int as n
          from comments as c cross join unnest(${sql.raw(SHIFTS)}) as s(shift)
          where c.root_id is null and c.deleted_at is null group by 1, 2, 3 order by 1, 2, 3`),
      },
    };
  }

  async function placesAreRecounted() {
    const { kept, counted } = await placesNow();
    expect(kept).toEqual(counted);
  }

  it("finds every position of the catalogue and of a video's threads, ties on blocks' edges", async () => {
    await placesAreRecounted();
    await everyCatalogue();
    await everyThread();
  });

  it("answers the same pages as OFFSET through the API, the last page and past it", async () => {
    for (const [price, level] of [
      [PriceFilter.all, null],
      [PriceFilter.free, WatchLevel.FREE],
    ] as const) {
      const where = catalogueWhere(level);
      const [listed] = await db().select({ n: count() }).from(videos).where(where);
      const n = listed?.n ?? 0;
      for (let current = 1; current <= Math.ceil(n / 7) + 1; current++) {
        const page = await vip.api.substance.getVideoList({ current, size: 7, price });
        const expected = ids(
          await db()
            .select({ id: videos.id })
            .from(videos)
            .where(where)
            .orderBy(...orderOf(order))
            .limit(7)
            .offset((current - 1) * 7),
        );
        expect({ current, ids: ids(page.records), total: page.total }).toEqual({
          current,
          ids: expected,
          total: n,
        });
      }
    }
    for (const id of [videoId, quietVideoId]) {
      const [listed] = await db().select({ n: count() }).from(comments).where(threadsWhere(id));
      const n = listed?.n ?? 0;
      for (let current = 1; current <= Math.ceil(n / 4) + 1; current++) {
        const page = await vip.api.substance.commentList({ substanceId: String(id), current, size: 4 });
        const expected = ids(
          await db()
            .select({ id: comments.id })
            .from(comments)
            .where(threadsWhere(id))
            .orderBy(...orderOf(threadOrder))
            .limit(4)
            .offset((current - 1) * 4),
        );
        expect({ current, ids: ids(page.records), total: page.total }).toEqual({
          current,
          ids: expected,
          total: n,
        });
      }
    }
  });

  it("follows writes that move rows between blocks, empty blocks and fill them again", async () => {
    const titled = (pattern: string) => sql`title like ${pattern}`;
    const writes = [
      sql`update ${videos} set status = 40 where ${titled("Edge 1")}`,
      sql`update ${videos} set status = 99 where ${titled("Edge 1")}`,
      sql`update ${videos} set audit_time = audit_time + interval '1 microsecond' where ${titled("Edge 2_")}`,
      sql`update ${videos} set is_hot = not is_hot where ${titled("Edge 3%")}`,
      sql`update ${videos} set watch_level = 'SVIP' where ${titled("Edge 4%")}`,
      // Every video of the finest level's block before the edge: an empty block between two.
      sql`update ${videos} set deleted_at = now()
        where ${titled("Edge %")} and audit_time < ${edge("16", "0")} and audit_time > ${edge("16", "-3")}`,
      sql`delete from ${videos} where ${titled("Edge 5%")}`,
      sql`insert into ${videos} (author_id, title, watch_level, length_ms, width, height, status, audit_time)
        select author_id, 'Edge again ' || g, 'FREE', 1000, 16, 9, 99, ${edge("16", "-1")}
        from ${videos}, generate_series(1, 3) as g where ${titled("Edge 6")}`,
      sql`update ${videos} set audit_time = now(), is_hot = true where ${titled("Edge 7%")}`,
      sql`update ${videos} set deleted_at = null where ${titled("Edge %")}`,
    ];
    for (const write of writes) {
      await db().execute(write);
      await placesAreRecounted();
      await everyCatalogue();
    }
    const thread = (pattern: string) => sql`content like ${pattern}`;
    const threadWrites = [
      sql`update ${comments} set deleted_at = now() where ${thread("edge thread 1%")}`,
      sql`update ${comments} set deleted_at = null where ${thread("edge thread 1_")}`,
      sql`update ${comments} set created_at = created_at + interval '1 microsecond' where ${thread("edge thread 2%")}`,
      // A thread and its replies moved to another video, then others deleted with theirs.
      sql`update ${comments} set video_id = ${quietVideoId} where ${thread("edge thread 3%")}
        or root_id in (select id from ${comments} where ${thread("edge thread 3%")})`,
      sql`delete from ${comments} where ${thread("edge thread 4%")}
        or root_id in (select id from ${comments} where ${thread("edge thread 4%")})`,
      sql`update ${comments} set deleted_at = now()
        where ${thread("edge thread %")} and created_at < ${edge("16", "0")} and created_at > ${edge("16", "-3")}`,
      sql`insert into ${comments} (video_id, user_id, content, created_at)
        select ${videoId}, user_id, 'edge thread again', ${edge("16", "-1")} from ${comments}
        where ${thread("edge thread 5%")}`,
    ];
    for (const write of threadWrites) {
      await db().execute(write);
      await placesAreRecounted();
      await everyThread();
    }
  });

  describe("the blocks' times", () => {
    it("the first and last time of a block hold its keys; the ends clamp, infinities included", async () => {
      const [row] = rowsOf<Record<string, boolean>>(
        await db().execute(sql`with t(at) as (values (now()), (timestamptz '2000-01-01'),
            (timestamptz '1969-12-31 23:59:59.999999+00'), (timestamptz '4714-11-24 00:00:00+00 BC'),
            (timestamptz '40000-01-01'), (timestamptz 'infinity'), (timestamptz '-infinity'))
          select bool_and(page_place_first(b, s) <= at and at <= page_place_last(b, s)
              and page_place_key(page_place_first(b, s)) >> s = b
              and page_place_key(page_place_last(b, s)) >> s = b) as inside,
            bool_and(page_place_last(b, s) = 'infinity'
              or page_place_key(page_place_last(b, s) + interval '1 microsecond') >> s = b + 1) as next
          from t cross join unnest(${sql.raw(SHIFTS)}) as s(shift),
            lateral (select page_place_key(at) >> s.shift as b, s.shift as s) as k`),
      );
      expect(row).toEqual({ inside: true, next: true });
    });
  });
});
