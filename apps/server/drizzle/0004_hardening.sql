CREATE TABLE "counted_actions" (
	"user_id" bigint NOT NULL,
	"video_id" bigint NOT NULL,
	"action" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "counted_actions_user_id_video_id_action_pk" PRIMARY KEY("user_id","video_id","action")
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
DROP INDEX "uploads_user";--> statement-breakpoint
ALTER TABLE "counted_actions" ADD CONSTRAINT "counted_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counted_actions" ADD CONSTRAINT "counted_actions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_counters_window" ON "rate_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "uploads_user" ON "uploads" USING btree ("user_id","created_at");