ALTER TABLE "app_modules" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The demo modules of earlier steps held both languages in one text ("首页 Home"): split those
-- rows; any other row serves its one text in both languages until an operator writes the English.
UPDATE "app_modules" SET "name_en" = substr("name", strpos("name", ' ') + 1), "name" = split_part("name", ' ', 1) WHERE "name" IN ('首页 Home', '直播 Live', '游戏 Games', '交易 Trade', '超级会员 Super VIP');--> statement-breakpoint
UPDATE "app_modules" SET "name_en" = "name" WHERE "name_en" = '';
