-- Step 15: messages become a kind with parameters, worded by the app in the reader's language.
-- The free-text messages before it were the seed's greetings only: they cannot be given a kind.
DELETE FROM "messages";--> statement-breakpoint
DROP INDEX "messages_user";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "body";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "params" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "muted_message_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_user_page" ON "messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "messages_user_unread" ON "messages" USING btree ("user_id") WHERE "messages"."read_at" is null;
