CREATE TABLE "game_banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"image_url" text NOT NULL,
	"jump_type" text NOT NULL,
	"jump_adress" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_wagering" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"remaining" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_wagering_remaining" CHECK ("game_wagering"."remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "games" (
	"code" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"category" text NOT NULL,
	"category_en" text NOT NULL,
	"icon_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_wagering" ADD CONSTRAINT "game_wagering_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;