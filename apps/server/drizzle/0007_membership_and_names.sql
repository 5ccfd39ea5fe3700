CREATE TABLE "vip_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"good_id" bigint NOT NULL,
	"type" text NOT NULL,
	"days" integer NOT NULL,
	"amount" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_orders_amount" CHECK ("vip_orders"."amount" >= 0),
	CONSTRAINT "vip_orders_days" CHECK ("vip_orders"."days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_benefits" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_benefits" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_goods" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_orders" ADD CONSTRAINT "vip_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_orders" ADD CONSTRAINT "vip_orders_good_id_vip_goods_id_fk" FOREIGN KEY ("good_id") REFERENCES "public"."vip_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_orders_user" ON "vip_orders" USING btree ("user_id","created_at");--> statement-breakpoint
-- The demo data of earlier steps held both languages in one text ("月卡 Monthly"): split those
-- rows; any other row serves its one text in both languages until an operator writes the English.
UPDATE "vip_goods" SET "name_en" = split_part("name", ' ', 2), "name" = split_part("name", ' ', 1) WHERE "name" IN ('月卡 Monthly', '季卡 Quarterly', '年卡 Yearly', '永久 Permanent');--> statement-breakpoint
UPDATE "vip_goods" SET "name_en" = "name" WHERE "name_en" = '';--> statement-breakpoint
UPDATE "member_benefits" SET "title" = 'SVIP 视频', "title_en" = 'SVIP videos', "description" = '全部超级会员视频免费看', "description_en" = 'Every SVIP video in full' WHERE "key" = 'svipVideos' AND "title" = 'SVIP 视频 SVIP videos';--> statement-breakpoint
UPDATE "member_benefits" SET "title" = '购片折扣', "title_en" = 'Discount', "description" = '付费视频 8 折', "description_en" = '20 % off paid videos' WHERE "key" = 'discount' AND "title" = '购片折扣 Discount';--> statement-breakpoint
UPDATE "member_benefits" SET "title" = '评论特权', "title_en" = 'Comments', "description" = '发表与回复评论', "description_en" = 'Write and reply to comments' WHERE "key" = 'comment' AND "title" = '评论特权 Comments';--> statement-breakpoint
UPDATE "member_benefits" SET "title_en" = "title" WHERE "title_en" = '';--> statement-breakpoint
UPDATE "member_benefits" SET "description_en" = "description" WHERE "description_en" = '';
