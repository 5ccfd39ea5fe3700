CREATE TABLE "live_chat_quota" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"sent_at" bigint[] DEFAULT '{}'::bigint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_stream_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"room_id" bigint NOT NULL,
	"process" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_chat_quota" ADD CONSTRAINT "live_chat_quota_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_stream_leases" ADD CONSTRAINT "live_stream_leases_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_stream_leases_address" ON "live_stream_leases" USING btree ("address","expires_at");--> statement-breakpoint
CREATE INDEX "live_stream_leases_process" ON "live_stream_leases" USING btree ("process");