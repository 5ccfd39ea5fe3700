-- Step 13: each platform account becomes up to PLATFORM_SHARDS rows (the existing row is row 0),
-- moved at random, so concurrent purchases do not queue on REVENUE's one row lock. Balances and
-- reconcile sum the rows of a type; a person's account is always row 0.
DROP INDEX "wallet_accounts_platform_type";--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD COLUMN "shard" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_platform_type" ON "wallet_accounts" USING btree ("type","shard") WHERE "wallet_accounts"."user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_shard" CHECK ("wallet_accounts"."shard" >= 0 and ("wallet_accounts"."user_id" IS NULL or "wallet_accounts"."shard" = 0));