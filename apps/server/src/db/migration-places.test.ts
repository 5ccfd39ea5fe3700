import { expect, it } from "vitest";
import { databaseBefore } from "../../test/migrations";

const SHIFTS = "unnest(array[46, 40, 34, 28, 22, 16])";

/**
 * Migration 0025 keeps where the longest lists' rows lie (decision 0037). A database written before
 * it gets the places of the videos and threads it holds, equal to a recount; a walk finds every
 * position as OFFSET does; TRUNCATE empties the places with the lengths, and writes after it count
 * from nothing.
 */
it("0025 fills the places of an older database's rows, and TRUNCATE empties them", async () => {
  const { client, migrateAll, close } = await databaseBefore("0025_");
  await client.exec(`
    INSERT INTO users (id, mobile, nick_name, member_id) VALUES (1, '13800000001', 'a', 'M1');
    INSERT INTO videos (id, author_id, title, watch_level, length_ms, width, height, status, audit_time, is_hot)
      SELECT g, 1, 'v' || g, (array['FREE', 'CHARGE', 'SVIP'])[1 + g % 3], 1000, 16, 9,
        CASE WHEN g % 5 = 0 THEN 40 ELSE 99 END,
        timestamptz '2026-01-01' - (g * g * 7919) * interval '1 second' + (g % 2) * interval '1 microsecond', g % 4 = 0
      FROM generate_series(1, 40) AS g;
    INSERT INTO comments (id, video_id, user_id, root_id, content, created_at, deleted_at)
      SELECT g, 1 + g % 2, 1, CASE WHEN g % 6 = 0 THEN 1 END, 'c', timestamptz '2026-01-01' - g * interval '1 hour',
        CASE WHEN g % 7 = 0 THEN now() END
      FROM generate_series(1, 30) AS g;
  `);

  await migrateAll();
  const rows = async (sql: string) => (await client.query<Record<string, unknown>>(sql)).rows;
  const recounted = async () => ({
    catalogue: await rows(`SELECT s.shift, v.is_hot, (page_place_key(v.audit_time) >> s.shift)::text AS block,
        v.watch_level, count(*)::int AS n FROM videos AS v CROSS JOIN ${SHIFTS} AS s(shift)
      WHERE v.status = 99 AND v.deleted_at IS NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`),
    threads:
      await rows(`SELECT c.video_id::int, s.shift, (page_place_key(c.created_at) >> s.shift)::text AS block,
        count(*)::int AS n FROM comments AS c CROSS JOIN ${SHIFTS} AS s(shift)
      WHERE c.root_id IS NULL AND c.deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
  });
  const kept = async () => ({
    catalogue: await rows(`SELECT shift, hot AS is_hot, block::text, watch_level, videos::int AS n
      FROM catalogue_places WHERE videos <> 0 ORDER BY 1, 2, 3, 4`),
    threads: await rows(`SELECT video_id::int, shift, block::text, threads AS n
      FROM thread_places WHERE threads <> 0 ORDER BY 1, 2, 3`),
  });
  const counted = await recounted();
  expect(counted.catalogue.length).toBeGreaterThan(0);
  expect(counted.threads.length).toBeGreaterThan(0);
  expect(await kept()).toEqual(counted);

  // Every position of the catalogue and of video 2's threads, through the walk, as OFFSET has it.
  const walked = await rows(`SELECT g.i,
      (SELECT f.id FROM catalogue_place_at(NULL, g.i) AS leaf CROSS JOIN LATERAL (
        SELECT id FROM videos WHERE status = 99 AND deleted_at IS NULL AND is_hot = leaf.hot
          AND audit_time BETWEEN page_place_first(leaf.block, 16) AND page_place_last(leaf.block, 16)
        ORDER BY is_hot DESC, audit_time DESC, id DESC OFFSET leaf.rest LIMIT 1) AS f)::int AS video,
      (SELECT id FROM videos WHERE status = 99 AND deleted_at IS NULL
        ORDER BY is_hot DESC, audit_time DESC, id DESC OFFSET g.i LIMIT 1)::int AS video_by_offset,
      (SELECT f.id FROM thread_place_at(2, g.i) AS leaf CROSS JOIN LATERAL (
        SELECT id FROM comments WHERE video_id = 2 AND root_id IS NULL AND deleted_at IS NULL
          AND created_at BETWEEN page_place_first(leaf.block, 16) AND page_place_last(leaf.block, 16)
        ORDER BY created_at DESC, id DESC OFFSET leaf.rest LIMIT 1) AS f)::int AS thread,
      (SELECT id FROM comments WHERE video_id = 2 AND root_id IS NULL AND deleted_at IS NULL
        ORDER BY created_at DESC, id DESC OFFSET g.i LIMIT 1)::int AS thread_by_offset
    FROM generate_series(0, 40) AS g(i) ORDER BY g.i`);
  expect(walked.map((r) => [r.video, r.thread])).toEqual(
    walked.map((r) => [r.video_by_offset, r.thread_by_offset]),
  );

  await client.exec("TRUNCATE comments CASCADE");
  await client.exec("TRUNCATE videos CASCADE");
  expect(await kept()).toEqual({ catalogue: [], threads: [] });
  expect(await rows("SELECT count(*)::int AS n FROM video_threads")).toEqual([{ n: 0 }]);
  await client.exec(`INSERT INTO videos (id, author_id, title, watch_level, length_ms, width, height, status, audit_time)
    VALUES (100, 1, 'after', 'FREE', 1000, 16, 9, 99, now());
    INSERT INTO comments (video_id, user_id, content) VALUES (100, 1, 'after');`);
  expect(await kept()).toEqual(await recounted());
  await close();
});
