CREATE TABLE "live_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_presence" (
	"room_id" bigint NOT NULL,
	"process" text NOT NULL,
	"viewers" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_rooms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"author_id" bigint NOT NULL,
	"title" text NOT NULL,
	"watch_level" text DEFAULT 'FREE' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"key_version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'IDLE' NOT NULL,
	"session" text,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_rooms_author_id_unique" UNIQUE("author_id"),
	CONSTRAINT "live_rooms_price" CHECK ("live_rooms"."price" >= 0),
	CONSTRAINT "live_rooms_watch_level" CHECK ("live_rooms"."watch_level" in ('FREE', 'SVIP', 'CHARGE')),
	CONSTRAINT "live_rooms_status" CHECK ("live_rooms"."status" in ('IDLE', 'LIVE', 'ENDED'))
);
--> statement-breakpoint
CREATE TABLE "live_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_tickets" ADD CONSTRAINT "live_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_tickets" ADD CONSTRAINT "live_tickets_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_messages_room" ON "live_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "live_messages_user" ON "live_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_presence_room_process" ON "live_presence" USING btree ("room_id","process");--> statement-breakpoint
CREATE INDEX "live_rooms_status" ON "live_rooms" USING btree ("status","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_tickets_user_room" ON "live_tickets" USING btree ("user_id","room_id");