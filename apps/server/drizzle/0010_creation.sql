CREATE TABLE "upload_parts" (
	"upload_id" bigint NOT NULL,
	"part_number" integer NOT NULL,
	"size" bigint NOT NULL,
	"etag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_parts_upload_id_part_number_pk" PRIMARY KEY("upload_id","part_number")
);
--> statement-breakpoint
CREATE TABLE "video_edits" (
	"video_id" bigint PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"status" integer NOT NULL,
	"status_reason_key" text,
	"status_reason_values" jsonb,
	"status_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "storage" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '15 minutes' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "multipart_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "part_size" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "upload_id" bigint;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "status_reason_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "status_reason_values" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "progress" integer;--> statement-breakpoint
ALTER TABLE "upload_parts" ADD CONSTRAINT "upload_parts_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_edits" ADD CONSTRAINT "video_edits_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "videos_upload" ON "videos" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "videos_review" ON "videos" USING btree ("status","updated_at") WHERE "videos"."status" in (40, 50, 77);--> statement-breakpoint
-- Uploads signed before this migration kept their URLs 15 minutes from signing.
UPDATE "uploads" SET "expires_at" = "created_at" + interval '15 minutes';
