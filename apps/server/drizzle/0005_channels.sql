CREATE TABLE "channels" (
	"id" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "channels_id_canonical" CHECK ("channels"."id" ~ '^(0|[1-9][0-9]{0,15})$'),
	CONSTRAINT "channels_names_present" CHECK ("channels"."name_zh" <> '' and "channels"."name_en" <> '')
);
--> statement-breakpoint
-- The default channel (spec: channelTagId 0, the main site) exists in every database, seeded or not.
INSERT INTO "channels" ("id", "name_zh", "name_en") VALUES ('0', '主站', 'Main site') ON CONFLICT ("id") DO NOTHING;
