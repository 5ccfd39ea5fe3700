CREATE TABLE "video_daily_plays" (
	"video_id" bigint NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_daily_plays_video_id_day_pk" PRIMARY KEY("video_id","day")
);
--> statement-breakpoint
ALTER TABLE "video_daily_plays" ADD CONSTRAINT "video_daily_plays_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_daily_plays_day" ON "video_daily_plays" USING btree ("day","video_id");