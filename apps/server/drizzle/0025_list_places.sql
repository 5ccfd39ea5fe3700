-- Where the longest lists' rows lie (decision 0037): how many of them fall in each block of their
-- order's time key, at six levels — the key's microseconds since the epoch shifted right by 46, 40,
-- 34, 28, 22 and 16 bits, each block 64 of the level below. The row at position `offset` of the
-- published catalogue (default order: hot first, then the review time) or of a video's threads
-- (newest first) is found by adding counts down the levels (a few dozen rows each) and stepping
-- over the rows of one 65 ms block, instead of over every row before it (migration 0023's lengths
-- stay the totals). Kept by 0023's triggers, rewritten here to keep both in one function each:
-- the list's length row first ('published', or the video's `video_threads` row), then the places
-- in key order — so a writer of places always holds its list's length row, and two never wait on
-- each other's places crosswise. An update of a published video's hot flag, review time or watch
-- level now moves its places and takes 'published' too.
CREATE TABLE "catalogue_places" (
	"shift" smallint NOT NULL,
	"hot" boolean NOT NULL,
	"block" bigint NOT NULL,
	"watch_level" text NOT NULL,
	"videos" bigint NOT NULL,
	CONSTRAINT "catalogue_places_shift_hot_block_watch_level_pk" PRIMARY KEY("shift","hot","block","watch_level")
);
--> statement-breakpoint
CREATE TABLE "thread_places" (
	"video_id" bigint NOT NULL,
	"shift" smallint NOT NULL,
	"block" bigint NOT NULL,
	"threads" integer NOT NULL,
	CONSTRAINT "thread_places_video_id_shift_block_pk" PRIMARY KEY("video_id","shift","block")
);
--> statement-breakpoint
ALTER TABLE "thread_places" ADD CONSTRAINT "thread_places_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A time as a place key: microseconds since the epoch, clamped to [PostgreSQL's first time,
-- 2^60 − 1] (±infinity included), so that a block's first and last times are times.
CREATE FUNCTION page_place_key(t timestamptz) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest(least(extract(epoch FROM t) * 1000000, 1152921504606846975), -210866803200000000)::bigint
$$;--> statement-breakpoint
-- The first and the last time whose key falls in `block` at `shift` (±infinity at the ends).
CREATE FUNCTION page_place_first(block bigint, shift integer) RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN block << shift <= -210866803200000000 THEN timestamptz '-infinity'
    ELSE timestamptz 'epoch' + (block << shift) * interval '1 microsecond' END
$$;--> statement-breakpoint
CREATE FUNCTION page_place_last(block bigint, shift integer) RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN block >= 1152921504606846975 >> shift THEN timestamptz 'infinity'
    ELSE timestamptz 'epoch' + ((block + 1) << shift) * interval '1 microsecond' - interval '1 microsecond' END
$$;--> statement-breakpoint
-- Where the row at position p_offset (from 0) of the published catalogue (of watch level p_level,
-- or all of it) lies in the default order (hot first, then the review time, both descending): the
-- block of 65 ms (shift 16) that holds it, and how many of that block's rows come before it. Each
-- level sums the children of the block chosen above until the sum passes what is left. All nulls
-- past the end. STABLE: it reads as of its caller's statement (one moment with the rows).
CREATE FUNCTION catalogue_place_at(p_level text, p_offset bigint,
  OUT hot boolean, OUT block bigint, OUT rest bigint) LANGUAGE plpgsql STABLE AS $$
DECLARE
  level integer;
BEGIN
  SELECT s.hot, s.block, p_offset - (s.upto - s.n) INTO hot, block, rest FROM (
    SELECT c.*, sum(c.n) OVER (ORDER BY c.hot DESC, c.block DESC) AS upto FROM (
      SELECT p.hot, p.block, sum(p.videos) AS n FROM public.catalogue_places AS p
      WHERE p.shift = 46 AND (p_level IS NULL OR p.watch_level = p_level)
      GROUP BY 1, 2) AS c) AS s
  WHERE s.upto > p_offset ORDER BY s.hot DESC, s.block DESC LIMIT 1;
  FOREACH level IN ARRAY array[40, 34, 28, 22, 16] LOOP
    EXIT WHEN block IS NULL;
    SELECT s.block, rest - (s.upto - s.n) INTO block, rest FROM (
      SELECT c.*, sum(c.n) OVER (ORDER BY c.block DESC) AS upto FROM (
        SELECT p.block, sum(p.videos) AS n FROM public.catalogue_places AS p
        WHERE p.shift = level AND p.hot = catalogue_place_at.hot
          AND p.block BETWEEN catalogue_place_at.block << 6 AND (catalogue_place_at.block << 6) + 63
          AND (p_level IS NULL OR p.watch_level = p_level)
        GROUP BY 1) AS c) AS s
    WHERE s.upto > rest ORDER BY s.block DESC LIMIT 1;
  END LOOP;
END $$;--> statement-breakpoint
-- The same for video p_video's threads, newest first.
CREATE FUNCTION thread_place_at(p_video bigint, p_offset bigint, OUT block bigint, OUT rest bigint)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  level integer;
BEGIN
  SELECT s.block, p_offset - (s.upto - s.n) INTO block, rest FROM (
    SELECT p.block, p.threads AS n, sum(p.threads) OVER (ORDER BY p.block DESC) AS upto
    FROM public.thread_places AS p WHERE p.video_id = p_video AND p.shift = 46) AS s
  WHERE s.upto > p_offset ORDER BY s.block DESC LIMIT 1;
  FOREACH level IN ARRAY array[40, 34, 28, 22, 16] LOOP
    EXIT WHEN block IS NULL;
    SELECT s.block, rest - (s.upto - s.n) INTO block, rest FROM (
      SELECT p.block, p.threads AS n, sum(p.threads) OVER (ORDER BY p.block DESC) AS upto
      FROM public.thread_places AS p
      WHERE p.video_id = p_video AND p.shift = level
        AND p.block BETWEEN thread_place_at.block << 6 AND (thread_place_at.block << 6) + 63) AS s
    WHERE s.upto > rest ORDER BY s.block DESC LIMIT 1;
  END LOOP;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_lengths_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.catalogue_lengths AS c (list, length)
  SELECT l.list, count(*) FROM added
    CROSS JOIN LATERAL (VALUES ('published'), ('published:' || added.watch_level)) AS l(list)
  WHERE added.status = 99 AND added.deleted_at IS NULL
  GROUP BY l.list ORDER BY l.list
  ON CONFLICT (list) DO UPDATE SET length = c.length + excluded.length;
  INSERT INTO public.catalogue_places AS p (shift, hot, block, watch_level, videos)
  SELECT s.shift, added.is_hot, public.page_place_key(added.audit_time) >> s.shift, added.watch_level, count(*)
  FROM added CROSS JOIN unnest(array[46, 40, 34, 28, 22, 16]) AS s(shift)
  WHERE added.status = 99 AND added.deleted_at IS NULL
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shift, hot, block, watch_level) DO UPDATE SET videos = p.videos + excluded.videos;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_lengths_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.catalogue_lengths AS c (list, length)
  SELECT l.list, -count(*) FROM removed
    CROSS JOIN LATERAL (VALUES ('published'), ('published:' || removed.watch_level)) AS l(list)
  WHERE removed.status = 99 AND removed.deleted_at IS NULL
  GROUP BY l.list ORDER BY l.list
  ON CONFLICT (list) DO UPDATE SET length = c.length + excluded.length;
  INSERT INTO public.catalogue_places AS p (shift, hot, block, watch_level, videos)
  SELECT s.shift, removed.is_hot, public.page_place_key(removed.audit_time) >> s.shift, removed.watch_level, -count(*)
  FROM removed CROSS JOIN unnest(array[46, 40, 34, 28, 22, 16]) AS s(shift)
  WHERE removed.status = 99 AND removed.deleted_at IS NULL
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shift, hot, block, watch_level) DO UPDATE SET videos = p.videos + excluded.videos;
  RETURN NULL;
END $$;--> statement-breakpoint
-- 'published' is taken even when its length does not change (a move between places or watch
-- levels): every writer of the catalogue's counts takes it first.
CREATE OR REPLACE FUNCTION catalogue_lengths_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer := CASE WHEN old.status = 99 AND old.deleted_at IS NULL THEN 1 ELSE 0 END;
  now_is integer := CASE WHEN new.status = 99 AND new.deleted_at IS NULL THEN 1 ELSE 0 END;
BEGIN
  INSERT INTO public.catalogue_lengths AS c (list, length)
  SELECT d.list, sum(d.n) FROM (VALUES
      ('published', now_is - was),
      ('published:' || new.watch_level, now_is),
      ('published:' || old.watch_level, -was)
    ) AS d(list, n)
  GROUP BY d.list HAVING sum(d.n) <> 0 OR d.list = 'published' ORDER BY d.list
  ON CONFLICT (list) DO UPDATE SET length = c.length + excluded.length;
  INSERT INTO public.catalogue_places AS p (shift, hot, block, watch_level, videos)
  SELECT s.shift, d.hot, public.page_place_key(d.at) >> s.shift, d.level, sum(d.n)
  FROM (VALUES
      (new.is_hot, new.audit_time, new.watch_level, now_is),
      (old.is_hot, old.audit_time, old.watch_level, -was)
    ) AS d(hot, at, level, n)
    CROSS JOIN unnest(array[46, 40, 34, 28, 22, 16]) AS s(shift)
  WHERE d.n <> 0
  GROUP BY 1, 2, 3, 4 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shift, hot, block, watch_level) DO UPDATE SET videos = p.videos + excluded.videos;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_lengths_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.catalogue_lengths;
  DELETE FROM public.catalogue_places;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER catalogue_lengths_updated ON videos;--> statement-breakpoint
CREATE TRIGGER catalogue_lengths_updated AFTER UPDATE OF status, deleted_at, watch_level, is_hot, audit_time ON videos
  FOR EACH ROW WHEN (
    (old.status = 99 AND old.deleted_at IS NULL) IS DISTINCT FROM (new.status = 99 AND new.deleted_at IS NULL)
    OR (new.status = 99 AND new.deleted_at IS NULL AND (old.watch_level, old.is_hot, old.audit_time)
      IS DISTINCT FROM (new.watch_level, new.is_hot, new.audit_time))
  ) EXECUTE FUNCTION catalogue_lengths_updated();--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_threads_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.video_threads AS t (video_id, threads)
  SELECT added.video_id, count(*) FROM added
  WHERE added.root_id IS NULL AND added.deleted_at IS NULL
  GROUP BY added.video_id ORDER BY added.video_id
  ON CONFLICT (video_id) DO UPDATE SET threads = t.threads + excluded.threads;
  INSERT INTO public.thread_places AS p (video_id, shift, block, threads)
  SELECT added.video_id, s.shift, public.page_place_key(added.created_at) >> s.shift, count(*)
  FROM added CROSS JOIN unnest(array[46, 40, 34, 28, 22, 16]) AS s(shift)
  WHERE added.root_id IS NULL AND added.deleted_at IS NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (video_id, shift, block) DO UPDATE SET threads = p.threads + excluded.threads;
  RETURN NULL;
END $$;--> statement-breakpoint
-- UPDATE, not an upsert: when a video is deleted its rows go first (ON DELETE CASCADE).
CREATE OR REPLACE FUNCTION video_threads_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.video_threads AS t SET threads = t.threads - gone.n
  FROM (
    SELECT removed.video_id, count(*) AS n FROM removed
    WHERE removed.root_id IS NULL AND removed.deleted_at IS NULL
    GROUP BY removed.video_id
  ) AS gone
  WHERE t.video_id = gone.video_id;
  UPDATE public.thread_places AS p SET threads = p.threads - gone.n
  FROM (
    SELECT removed.video_id, s.shift, public.page_place_key(removed.created_at) >> s.shift AS block, count(*) AS n
    FROM removed CROSS JOIN unnest(array[46, 40, 34, 28, 22, 16]) AS s(shift)
    WHERE removed.root_id IS NULL AND removed.deleted_at IS NULL
    GROUP BY 1, 2, 3
  ) AS gone
  WHERE (p.video_id, p.shift, p.block) = (gone.video_id, gone.shift, gone.block);
  RETURN NULL;
END $$;--> statement-breakpoint
-- The videos' `video_threads` rows are taken even when their count does not change (a thread
-- whose time changed): every writer of a video's places takes it first.
CREATE OR REPLACE FUNCTION video_threads_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer := CASE WHEN old.root_id IS NULL AND old.deleted_at IS NULL THEN 1 ELSE 0 END;
  now_is integer := CASE WHEN new.root_id IS NULL AND new.deleted_at IS NULL THEN 1 ELSE 0 END;
BEGIN
  INSERT INTO public.video_threads AS t (video_id, threads)
  SELECT d.video_id, sum(d.n) FROM (VALUES (new.video_id, now_is), (old.video_id, -was)) AS d(video_id, n)
  GROUP BY d.video_id ORDER BY d.video_id
  ON CONFLICT (video_id) DO UPDATE SET threads = t.threads + excluded.threads;
  INSERT INTO public.thread_places AS p (video_id, shift, block, threads)
  SELECT d.video_id, s.shift, public.page_place_key(d.at) >> s.shift, sum(d.n)
  FROM (VALUES (new.video_id, new.created_at, now_is), (old.video_id, old.created_at, -was))
      AS d(video_id, at, n)
    CROSS JOIN unnest(array[46, 40, 34, 28, 22, 16]) AS s(shift)
  WHERE d.n <> 0
  GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (video_id, shift, block) DO UPDATE SET threads = p.threads + excluded.threads;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_threads_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.video_threads;
  DELETE FROM public.thread_places;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER video_threads_updated ON comments;--> statement-breakpoint
CREATE TRIGGER video_threads_updated AFTER UPDATE OF root_id, deleted_at, video_id, created_at ON comments
  FOR EACH ROW WHEN (
    (old.root_id IS NULL AND old.deleted_at IS NULL) IS DISTINCT FROM (new.root_id IS NULL AND new.deleted_at IS NULL)
    OR (new.root_id IS NULL AND new.deleted_at IS NULL
      AND (old.video_id, old.created_at) IS DISTINCT FROM (new.video_id, new.created_at))
  ) EXECUTE FUNCTION video_threads_updated();--> statement-breakpoint
INSERT INTO catalogue_places (shift, hot, block, watch_level, videos)
SELECT s.shift, v.is_hot, page_place_key(v.audit_time) >> s.shift, v.watch_level, count(*)
FROM videos AS v CROSS JOIN unnest(array[46, 40, 34, 28, 22, 16]) AS s(shift)
WHERE v.status = 99 AND v.deleted_at IS NULL
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO thread_places (video_id, shift, block, threads)
SELECT c.video_id, s.shift, page_place_key(c.created_at) >> s.shift, count(*)
FROM comments AS c CROSS JOIN unnest(array[46, 40, 34, 28, 22, 16]) AS s(shift)
WHERE c.root_id IS NULL AND c.deleted_at IS NULL
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
