CREATE TABLE "game_bets" (
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"won" bigint,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_bets_provider_transaction_id_pk" PRIMARY KEY("provider","transaction_id"),
	CONSTRAINT "game_bets_amount" CHECK ("game_bets"."amount" > 0),
	CONSTRAINT "game_bets_won" CHECK ("game_bets"."won" IS NULL OR "game_bets"."won" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_launches" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_launches" ADD CONSTRAINT "game_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_bets_waiting" ON "game_bets" USING btree ("user_id") WHERE "game_bets"."settled_at" IS NULL;--> statement-breakpoint
-- Bets placed before this migration: one row each from its GAME_BET journal, settled (with what its
-- GAME_WIN paid) — the sandbox settled every round at once — so the books and the bets agree.
INSERT INTO "game_bets" ("provider", "transaction_id", "user_id", "game_code", "amount", "won", "placed_at", "settled_at")
SELECT split_part(j.reference, ':', 1),
	substr(j.reference, length(split_part(j.reference, ':', 1)) + 2),
	e.user_id,
	'',
	-SUM(e.amount),
	COALESCE((SELECT SUM(w.amount) FROM "ledger_entries" w WHERE w.journal_id = s.id AND w.user_id IS NOT NULL), 0),
	j.created_at,
	COALESCE(s.created_at, j.created_at)
FROM "journals" j
JOIN "ledger_entries" e ON e.journal_id = j.id AND e.user_id IS NOT NULL
LEFT JOIN "journals" s ON s.kind = 'GAME_WIN'
	AND s.reference = split_part(j.reference, ':', 1) || ':settle:' || substr(j.reference, length(split_part(j.reference, ':', 1)) + 2)
WHERE j.kind = 'GAME_BET'
GROUP BY j.id, j.reference, j.created_at, e.user_id, s.id, s.created_at
HAVING SUM(e.amount) < 0;
--> statement-breakpoint
-- Lost rounds were marked settled by a GAME_WIN journal without entries, which the books do not
-- allow (a journal has two entries or more): the bet rows say it now.
DELETE FROM "journals" j WHERE j.kind = 'GAME_WIN' AND NOT EXISTS (SELECT 1 FROM "ledger_entries" e WHERE e.journal_id = j.id);
