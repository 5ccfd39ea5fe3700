DROP INDEX "payee_cards_one_each";--> statement-breakpoint
-- Journals name their cause (decision 0023). Those written before this migration were not
-- attributed: they say so ('system', 'before-audit') rather than guess.
ALTER TABLE "journals" ADD COLUMN "actor" text NOT NULL DEFAULT 'system';--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "actor_id" text NOT NULL DEFAULT 'before-audit';--> statement-breakpoint
ALTER TABLE "journals" ALTER COLUMN "actor" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "journals" ALTER COLUMN "actor_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "job" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cause" jsonb;--> statement-breakpoint
ALTER TABLE "game_bets" ADD COLUMN "from_bonus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_bets" ADD COLUMN "held_win" bigint;--> statement-breakpoint
ALTER TABLE "game_bets" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
-- A card is bound to one person at a time now. Where several people had bound one card, the first
-- binding stays and the later ones are removed (their withdrawals keep their own sealed copy of
-- where they were paid).
UPDATE "payee_cards" c SET "removed_at" = now(), "is_primary" = false
WHERE c."removed_at" IS NULL AND EXISTS (
	SELECT 1 FROM "payee_cards" o
	WHERE o."card_fingerprint" = c."card_fingerprint" AND o."removed_at" IS NULL AND o."id" < c."id");--> statement-breakpoint
-- A person left without a current card by that gets their newest one as current.
UPDATE "payee_cards" c SET "is_primary" = true
WHERE c."removed_at" IS NULL AND c."id" = (
	SELECT MAX(n."id") FROM "payee_cards" n WHERE n."user_id" = c."user_id" AND n."removed_at" IS NULL)
	AND NOT EXISTS (SELECT 1 FROM "payee_cards" p WHERE p."user_id" = c."user_id" AND p."removed_at" IS NULL AND p."is_primary");--> statement-breakpoint
CREATE UNIQUE INDEX "payee_cards_one_holder" ON "payee_cards" USING btree ("card_fingerprint") WHERE "payee_cards"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "game_bets_open_since" ON "game_bets" USING btree ("placed_at") WHERE "game_bets"."settled_at" IS NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_actor" CHECK ("journals"."actor" IN ('person', 'operator', 'provider', 'system') AND "journals"."actor_id" <> '');--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_from_bonus" CHECK ("game_bets"."from_bonus" >= 0 AND "game_bets"."from_bonus" <= "game_bets"."amount");--> statement-breakpoint
-- The sandbox bank kept payout card numbers in plain text: it keeps the last four digits only now
-- (what decides its outcomes); new payouts store the number sealed.
UPDATE "sandbox_payouts"
SET "destination" = ("destination" - 'number') || jsonb_build_object('last4', right("destination"->>'number', 4))
WHERE "destination"->>'kind' = 'card' AND "destination" ? 'number';
