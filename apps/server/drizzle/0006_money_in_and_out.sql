CREATE TABLE "journals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eepay_links" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_type" text NOT NULL,
	"order_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"cause" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payee_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"card_cipher" text NOT NULL,
	"card_last4" text NOT NULL,
	"card_fingerprint" text NOT NULL,
	"cardholder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_num" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_num" text NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"pay_method" text NOT NULL,
	"provider" text NOT NULL,
	"application_amount" bigint NOT NULL,
	"received_amount" bigint,
	"provider_ref" text,
	"pay_url" text,
	"payee" text,
	"bank_name" text,
	"failure_reason" text,
	"cancel_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_orders_amount_positive" CHECK ("recharge_orders"."application_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdraw_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_num" text NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"withdraw_type" text NOT NULL,
	"timing" text NOT NULL,
	"provider" text NOT NULL,
	"application_amount" bigint NOT NULL,
	"received_amount" bigint,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"payee_id" bigint,
	"payee" text,
	"bank_name" text,
	"card_number_masked" text,
	"destination" text NOT NULL,
	"provider_ref" text,
	"payout_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"failure_reason" text,
	"cancel_reason" text,
	"urge" smallint DEFAULT 1 NOT NULL,
	"receipt_confirmed" boolean DEFAULT false NOT NULL,
	"retry_of" bigint,
	"payment_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdraw_orders_amount_positive" CHECK ("withdraw_orders"."application_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 25 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"merchant_order" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"paid_amount" bigint,
	"payer" text,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"merchant_order" text NOT NULL,
	"amount" bigint NOT NULL,
	"destination" jsonb NOT NULL,
	"status" text NOT NULL,
	"paid_amount" bigint,
	"failure_code" text,
	"notify_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_wallets" (
	"account" text PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_balance_not_negative";--> statement-breakpoint
ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_balance_not_negative";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "journal_id" bigint;--> statement-breakpoint
-- Double entry for the rows written before it (decision 0014): each old row becomes a journal of
-- its own, and gets its counter-entry on a platform account: a purchase's on REVENUE, money the
-- seed or a grant made on EQUITY (where money that came from nothing is owed from).
INSERT INTO "wallet_accounts" ("user_id", "type", "balance") VALUES (NULL, 'EQUITY', 0), (NULL, 'REVENUE', 0);--> statement-breakpoint
INSERT INTO "journals" ("kind", "reference", "created_at")
  SELECT "reason", COALESCE("reference", 'ledger_entries:' || "id"), "created_at" FROM "ledger_entries" ORDER BY "id";--> statement-breakpoint
UPDATE "ledger_entries" e SET "journal_id" = j."id" FROM "journals" j
  WHERE j."kind" = e."reason" AND j."reference" = COALESCE(e."reference", 'ledger_entries:' || e."id");--> statement-breakpoint
INSERT INTO "ledger_entries" ("journal_id", "account_id", "user_id", "amount", "balance_after", "reason", "reference", "created_at")
  SELECT e."journal_id", a."id", NULL, -e."amount",
    -SUM(e."amount") OVER (PARTITION BY a."id" ORDER BY e."id"),
    e."reason", e."reference", e."created_at"
  FROM "ledger_entries" e
  JOIN "wallet_accounts" a ON a."user_id" IS NULL AND a."type" = CASE WHEN e."reason" = 'BUY_VIDEO' THEN 'REVENUE' ELSE 'EQUITY' END
  WHERE e."user_id" IS NOT NULL
  ORDER BY e."id";--> statement-breakpoint
UPDATE "wallet_accounts" a SET "balance" = COALESCE((SELECT SUM(e."amount") FROM "ledger_entries" e WHERE e."account_id" = a."id"), 0)
  WHERE a."user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "journal_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "eepay_links" ADD CONSTRAINT "eepay_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_cards" ADD CONSTRAINT "payee_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD CONSTRAINT "withdraw_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journals_kind_reference" ON "journals" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_type","order_id","id");--> statement-breakpoint
CREATE INDEX "payee_cards_user" ON "payee_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payee_cards_one_each" ON "payee_cards" USING btree ("user_id","card_fingerprint") WHERE "payee_cards"."removed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payee_cards_one_primary" ON "payee_cards" USING btree ("user_id") WHERE "payee_cards"."is_primary" AND "payee_cards"."removed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_event" ON "provider_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_order_num" ON "recharge_orders" USING btree ("order_num");--> statement-breakpoint
CREATE INDEX "recharge_orders_user" ON "recharge_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_one_unfinished" ON "recharge_orders" USING btree ("user_id") WHERE "recharge_orders"."status" IN ('PAYING', 'PROCESSING');--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_orders_order_num" ON "withdraw_orders" USING btree ("order_num");--> statement-breakpoint
CREATE INDEX "withdraw_orders_user" ON "withdraw_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_orders_retry_of" ON "withdraw_orders" USING btree ("retry_of");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" IS NULL AND "jobs"."failed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_open" ON "jobs" USING btree ("key") WHERE "jobs"."done_at" IS NULL AND "jobs"."failed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_order" ON "sandbox_payments" USING btree ("channel","merchant_order");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payouts_order" ON "sandbox_payouts" USING btree ("channel","merchant_order");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_journal" ON "ledger_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_platform_type" ON "wallet_accounts" USING btree ("type") WHERE "wallet_accounts"."user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_balance_not_negative" CHECK ("ledger_entries"."user_id" IS NULL OR "ledger_entries"."balance_after" >= 0);--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_balance_not_negative" CHECK ("wallet_accounts"."user_id" IS NULL OR "wallet_accounts"."balance" >= 0);