ALTER TABLE "uploads" ADD COLUMN "sent_as" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "arrived_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_unfinished" ON "uploads" USING btree ("created_at") WHERE "uploads"."completed_at" IS NULL AND "uploads"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "uploads_finished_videos" ON "uploads" USING btree ("created_at") WHERE "uploads"."completed_at" IS NOT NULL AND "uploads"."removed_at" IS NULL AND "uploads"."kind" = 'VIDEO';--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_sent_as" CHECK ("uploads"."sent_as" IS NULL OR "uploads"."sent_as" IN ('parts', 'whole'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_arrived_bytes" CHECK ("uploads"."arrived_bytes" >= 0);--> statement-breakpoint
-- What arrived of the uploads made before this migration: a finished one's size, or its parts if
-- more arrived than that (a sign sent in parts and then whole, which left its parts behind).
UPDATE "uploads" u SET "arrived_bytes" = GREATEST(COALESCE(u."size", 0), COALESCE(
	(SELECT SUM(p."size") FROM "upload_parts" p WHERE p."upload_id" = u."id"), 0));--> statement-breakpoint
-- The uploads of deleted videos: their files are removed by the video's purge job.
UPDATE "uploads" u SET "removed_at" = v."deleted_at"
FROM "videos" v WHERE v."upload_id" = u."id" AND v."deleted_at" IS NOT NULL;--> statement-breakpoint
-- Uploads in parts finished before this migration may have left parts behind (sent whole after
-- their parts): a one-off job drops them and records how each was sent.
INSERT INTO "jobs" ("kind", "key", "payload", "run_at") VALUES ('upload.legacyParts', 'upload.legacyParts', '{}'::jsonb, now());
