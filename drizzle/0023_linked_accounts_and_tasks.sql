CREATE TABLE "link_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"session_sid" text NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linked_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"handle" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"linked_at" timestamp with time zone NOT NULL,
	"unlinked_at" timestamp with time zone,
	CONSTRAINT "linked_accounts_provider_check" CHECK ("linked_accounts"."provider" in ('telegram', 'discord', 'x'))
);
--> statement-breakpoint
CREATE TABLE "task_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"status" text NOT NULL,
	"reason_code" text,
	"evidence" jsonb NOT NULL,
	"post_url" text,
	"tx_hash" text,
	"note" text,
	"gcm_awarded" numeric(20, 2) DEFAULT '0' NOT NULL,
	"usdt_awarded" numeric(20, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"facts" text,
	CONSTRAINT "task_claims_status_check" CHECK ("task_claims"."status" in ('credited', 'refused', 'pending_review'))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"gcm_reward" numeric(20, 2) NOT NULL,
	"usdt_reward" numeric(20, 2) NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('telegram_member', 'discord_member', 'x_post', 'bsc_transfer', 'manual')),
	CONSTRAINT "tasks_period_check" CHECK ("tasks"."period" in ('once', 'weekly', 'monthly')),
	CONSTRAINT "tasks_reward_check" CHECK ("tasks"."gcm_reward" >= 0 and "tasks"."usdt_reward" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "task_claim_id" uuid;--> statement-breakpoint
ALTER TABLE "link_states" ADD CONSTRAINT "link_states_session_sid_sessions_sid_fk" FOREIGN KEY ("session_sid") REFERENCES "public"."sessions"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_states" ADD CONSTRAINT "link_states_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_states_expires_idx" ON "link_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "linked_accounts_live_account_key" ON "linked_accounts" USING btree ("provider","external_id") WHERE "linked_accounts"."unlinked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "linked_accounts_live_ambassador_key" ON "linked_accounts" USING btree ("ambassador_id","provider") WHERE "linked_accounts"."unlinked_at" is null;--> statement-breakpoint
CREATE INDEX "linked_accounts_account_idx" ON "linked_accounts" USING btree ("provider","external_id","unlinked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "task_claims_period_key" ON "task_claims" USING btree ("task_id","ambassador_id","period_key") WHERE "task_claims"."status" in ('credited', 'pending_review');--> statement-breakpoint
CREATE UNIQUE INDEX "task_claims_tx_key" ON "task_claims" USING btree ("tx_hash") WHERE "task_claims"."tx_hash" is not null and "task_claims"."status" in ('credited', 'pending_review');--> statement-breakpoint
CREATE INDEX "task_claims_ambassador_idx" ON "task_claims" USING btree ("ambassador_id","task_id","period_key");--> statement-breakpoint
CREATE INDEX "task_claims_list_idx" ON "task_claims" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "task_claims_status_idx" ON "task_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tasks_list_idx" ON "tasks" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_task_claim_id_task_claims_id_fk" FOREIGN KEY ("task_claim_id") REFERENCES "public"."task_claims"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_task_claim_currency_key" ON "transactions" USING btree ("task_claim_id","currency") WHERE "transactions"."task_claim_id" is not null;