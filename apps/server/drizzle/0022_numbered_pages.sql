-- The feed's indexes carry the catalogue's filters after the sort's keys (decision 0033): a
-- numbered page counts up to a horizon and seeks to its depth by reading the index alone, with any
-- filter. The order they give is unchanged (the id, unique, still ends each order).
DROP INDEX "videos_feed_default";--> statement-breakpoint
DROP INDEX "videos_feed_recent";--> statement-breakpoint
DROP INDEX "videos_feed_plays";--> statement-breakpoint
CREATE INDEX "videos_feed_default" ON "videos" USING btree ("is_hot","audit_time","id","watch_level","length_ms","is_selected","classify_id","topic_id","channel_tag_id") WHERE "videos"."status" = 99 and "videos"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "videos_feed_recent" ON "videos" USING btree ("updated_at","id","is_hot","watch_level","length_ms","is_selected","classify_id","topic_id","channel_tag_id") WHERE "videos"."status" = 99 and "videos"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "videos_feed_plays" ON "videos" USING btree ("play_count","id","is_hot","watch_level","length_ms","is_selected","classify_id","topic_id","channel_tag_id") WHERE "videos"."status" = 99 and "videos"."deleted_at" is null;