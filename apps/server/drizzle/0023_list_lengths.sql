-- The lengths of the longest lists, kept by triggers (decision 0033): published videos, all and
-- by watch level (`catalogue_lengths`), and each video's live threads (`video_threads`). A numbered
-- page of these lists takes its exact total from here and seeks from the nearer end of the list.
-- Statement triggers (transition tables) for inserts and deletes, so a bulk insert is one grouped
-- upsert; row triggers, only when what is counted changes, for updates. Each upsert takes its rows
-- in key order, so two writers never wait on each other's rows crosswise.
CREATE TABLE "catalogue_lengths" (
	"list" text PRIMARY KEY NOT NULL,
	"length" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_threads" (
	"video_id" bigint PRIMARY KEY NOT NULL,
	"threads" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_threads" ADD CONSTRAINT "video_threads_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION catalogue_lengths_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.catalogue_lengths AS c (list, length)
  SELECT l.list, count(*) FROM added
    CROSS JOIN LATERAL (VALUES ('published'), ('published:' || added.watch_level)) AS l(list)
  WHERE added.status = 99 AND added.deleted_at IS NULL
  GROUP BY l.list ORDER BY l.list
  ON CONFLICT (list) DO UPDATE SET length = c.length + excluded.length;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION catalogue_lengths_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.catalogue_lengths AS c (list, length)
  SELECT l.list, -count(*) FROM removed
    CROSS JOIN LATERAL (VALUES ('published'), ('published:' || removed.watch_level)) AS l(list)
  WHERE removed.status = 99 AND removed.deleted_at IS NULL
  GROUP BY l.list ORDER BY l.list
  ON CONFLICT (list) DO UPDATE SET length = c.length + excluded.length;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION catalogue_lengths_updated() RETURNS trigger LANGUAGE plpgsql AS $$
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
  GROUP BY d.list HAVING sum(d.n) <> 0 ORDER BY d.list
  ON CONFLICT (list) DO UPDATE SET length = c.length + excluded.length;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION catalogue_lengths_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.catalogue_lengths;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER catalogue_lengths_inserted AFTER INSERT ON videos REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_lengths_inserted();--> statement-breakpoint
CREATE TRIGGER catalogue_lengths_deleted AFTER DELETE ON videos REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_lengths_deleted();--> statement-breakpoint
CREATE TRIGGER catalogue_lengths_updated AFTER UPDATE OF status, deleted_at, watch_level ON videos
  FOR EACH ROW WHEN (
    (old.status = 99 AND old.deleted_at IS NULL) IS DISTINCT FROM (new.status = 99 AND new.deleted_at IS NULL)
    OR old.watch_level IS DISTINCT FROM new.watch_level
  ) EXECUTE FUNCTION catalogue_lengths_updated();--> statement-breakpoint
CREATE TRIGGER catalogue_lengths_truncated AFTER TRUNCATE ON videos
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_lengths_truncated();--> statement-breakpoint
CREATE FUNCTION video_threads_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.video_threads AS t (video_id, threads)
  SELECT added.video_id, count(*) FROM added
  WHERE added.root_id IS NULL AND added.deleted_at IS NULL
  GROUP BY added.video_id ORDER BY added.video_id
  ON CONFLICT (video_id) DO UPDATE SET threads = t.threads + excluded.threads;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION video_threads_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.video_threads AS t SET threads = t.threads - gone.n
  FROM (
    SELECT removed.video_id, count(*) AS n FROM removed
    WHERE removed.root_id IS NULL AND removed.deleted_at IS NULL
    GROUP BY removed.video_id
  ) AS gone
  WHERE t.video_id = gone.video_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION video_threads_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.video_threads AS t (video_id, threads)
  SELECT d.video_id, sum(d.n) FROM (VALUES
      (new.video_id, CASE WHEN new.root_id IS NULL AND new.deleted_at IS NULL THEN 1 ELSE 0 END),
      (old.video_id, CASE WHEN old.root_id IS NULL AND old.deleted_at IS NULL THEN -1 ELSE 0 END)
    ) AS d(video_id, n)
  GROUP BY d.video_id HAVING sum(d.n) <> 0 ORDER BY d.video_id
  ON CONFLICT (video_id) DO UPDATE SET threads = t.threads + excluded.threads;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION video_threads_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.video_threads;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER video_threads_inserted AFTER INSERT ON comments REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION video_threads_inserted();--> statement-breakpoint
CREATE TRIGGER video_threads_deleted AFTER DELETE ON comments REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION video_threads_deleted();--> statement-breakpoint
CREATE TRIGGER video_threads_updated AFTER UPDATE OF root_id, deleted_at, video_id ON comments
  FOR EACH ROW WHEN (
    (old.root_id IS NULL AND old.deleted_at IS NULL) IS DISTINCT FROM (new.root_id IS NULL AND new.deleted_at IS NULL)
    OR old.video_id IS DISTINCT FROM new.video_id
  ) EXECUTE FUNCTION video_threads_updated();--> statement-breakpoint
CREATE TRIGGER video_threads_truncated AFTER TRUNCATE ON comments
  FOR EACH STATEMENT EXECUTE FUNCTION video_threads_truncated();--> statement-breakpoint
INSERT INTO catalogue_lengths (list, length)
SELECT l.list, count(*) FROM videos
  CROSS JOIN LATERAL (VALUES ('published'), ('published:' || videos.watch_level)) AS l(list)
WHERE videos.status = 99 AND videos.deleted_at IS NULL
GROUP BY l.list;--> statement-breakpoint
INSERT INTO catalogue_lengths (list, length) VALUES ('published', 0) ON CONFLICT (list) DO NOTHING;--> statement-breakpoint
INSERT INTO video_threads (video_id, threads)
SELECT video_id, count(*) FROM comments WHERE root_id IS NULL AND deleted_at IS NULL GROUP BY video_id;
