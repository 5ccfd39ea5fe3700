-- Step 13 (decision 0016): what search finds a keyword by, in any language. A text's grams are the
-- characters and the pairs of neighbouring characters of each of its words, lower case; a
-- keyword's are its words' pairs (a one-character word: the character). Every gram of a keyword
-- that a text contains is a gram of that text, so a GIN index over text_grams finds every
-- candidate, including a two-character Chinese word such as 美食 (trigrams cannot), and ILIKE then
-- keeps the exact matches.
CREATE OR REPLACE FUNCTION text_grams(body text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[])
  FROM regexp_split_to_table(lower(body), '\s+') AS w,
  LATERAL (
    SELECT substr(w, i, 1) AS g FROM generate_series(1, char_length(w)) AS i
    UNION ALL
    SELECT substr(w, i, 2) FROM generate_series(1, char_length(w) - 1) AS i
  ) AS grams
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyword_grams(keyword text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[])
  FROM regexp_split_to_table(lower(keyword), '\s+') AS w,
  LATERAL (
    SELECT substr(w, i, 2) AS g FROM generate_series(1, char_length(w) - 1) AS i
    UNION ALL
    SELECT w WHERE char_length(w) = 1
  ) AS grams
$$;--> statement-breakpoint
-- A video's title and tags together (array_to_string is only STABLE: wrapped here, where its
-- element type is text and its answer cannot change).
CREATE OR REPLACE FUNCTION video_grams(title text, tags text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT text_grams(title || chr(10) || array_to_string(tags, chr(10)))
$$;--> statement-breakpoint
-- The default order's keys (decision 0016): a published video always has its review time.
UPDATE "videos" SET "audit_time" = "updated_at" WHERE "status" = 99 AND "audit_time" IS NULL;--> statement-breakpoint
DROP INDEX "videos_published_recent";--> statement-breakpoint
DROP INDEX "videos_published_plays";--> statement-breakpoint
DROP INDEX "comments_video";--> statement-breakpoint
DROP INDEX "comments_root";--> statement-breakpoint
DROP INDEX "videos_author";--> statement-breakpoint
DROP INDEX "watch_history_user";--> statement-breakpoint
DROP INDEX "ledger_entries_user";--> statement-breakpoint
DROP INDEX "recharge_orders_user";--> statement-breakpoint
DROP INDEX "withdraw_orders_user";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (text_grams("nick_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (video_grams("title", "tags")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search" ON "users" USING gin ("search_grams") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "comments_threads" ON "comments" USING btree ("video_id","created_at","id") WHERE "comments"."root_id" is null and "comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "videos_feed_default" ON "videos" USING btree ("is_hot","audit_time","id") WHERE "videos"."status" = 99 and "videos"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "videos_feed_recent" ON "videos" USING btree ("updated_at","id") WHERE "videos"."status" = 99 and "videos"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "videos_feed_plays" ON "videos" USING btree ("play_count","id") WHERE "videos"."status" = 99 and "videos"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "videos_author_published" ON "videos" USING btree ("author_id","audit_time","id") WHERE "videos"."status" = 99 and "videos"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "videos_search" ON "videos" USING gin ("search_grams") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "comments_video" ON "comments" USING btree ("video_id","root_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_root" ON "comments" USING btree ("root_id","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_author" ON "videos" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "watch_history_user" ON "watch_history" USING btree ("user_id","browsed_at","video_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharge_orders_user" ON "recharge_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdraw_orders_user" ON "withdraw_orders" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_published_audited" CHECK ("videos"."status" <> 99 or "videos"."audit_time" is not null);