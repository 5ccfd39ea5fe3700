import { expect, it } from "vitest";
import { databaseBefore } from "../../test/migrations";

/**
 * Migration 0018 (Step 18) counts what arrived of the uploads made before it — the parts of one
 * sent in parts and then whole (finished with size 1, its 8 MiB of parts left behind) included —
 * marks the uploads of deleted videos removed, and queues the one-off job that drops left parts.
 */
it("0018 counts what arrived of older uploads and queues the clearing of their left parts", async () => {
  const { client, migrateAll, close } = await databaseBefore("0018_");
  const MiB = 1024 * 1024;
  await client.exec(`
    INSERT INTO users (id, mobile, nick_name, member_id) VALUES (1, '13800000001', 'a', 'M1');
    INSERT INTO uploads (id, key, bucket, user_id, kind, content_type, declared_size, size, completed_at, multipart_id, part_size) VALUES
      (1, 'video/1/a.mp4', 'VIDEO', 1, 'VIDEO', 'video/mp4', ${String(8 * MiB)}, 1, now(), 'local-a', ${String(MiB)}),
      (2, 'video/1/b.mp4', 'VIDEO', 1, 'VIDEO', 'video/mp4', ${String(2 * MiB)}, ${String(2 * MiB)}, now(), 'local-b', ${String(MiB)}),
      (3, 'picture/1/c.png', 'PUBLIC', 1, 'PICTURE', 'image/png', 100, NULL, NULL, NULL, NULL),
      (4, 'video/1/d.mp4', 'VIDEO', 1, 'VIDEO', 'video/mp4', 500, 500, now(), NULL, NULL);
    INSERT INTO upload_parts (upload_id, part_number, size, etag)
      SELECT 1, n, ${String(MiB)}, '"e"' FROM generate_series(1, 8) n;
    INSERT INTO upload_parts (upload_id, part_number, size, etag) VALUES (2, 1, ${String(MiB)}, '"e"'), (2, 2, ${String(MiB)}, '"e"');
    INSERT INTO videos (id, author_id, title, watch_level, length_ms, width, height, status, upload_id, deleted_at)
      VALUES (1, 1, 'v', 'FREE', 1000, 16, 9, 20, 4, now());
  `);

  await migrateAll();
  const rows = await client.query<{
    id: number;
    arrived_bytes: string | number;
    removed_at: unknown;
    sent_as: unknown;
  }>("SELECT id, arrived_bytes, removed_at, sent_as FROM uploads ORDER BY id");
  expect(rows.rows.map((r) => [r.id, Number(r.arrived_bytes), r.removed_at !== null, r.sent_as])).toEqual([
    [1, 8 * MiB, false, null],
    [2, 2 * MiB, false, null],
    [3, 0, false, null],
    [4, 500, true, null],
  ]);
  const jobs = await client.query<{ kind: string }>("SELECT kind FROM jobs WHERE done_at IS NULL");
  expect(jobs.rows).toEqual([{ kind: "upload.legacyParts" }]);
  await close();
  // Every migration up to 0018 and then the rest, on a database of its own: 30 s was not enough on a
  // busy 2-core machine.
}, 90_000);
