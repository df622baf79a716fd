CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid,
	"admin_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ambassador_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"personal_telegram_handle" text NOT NULL,
	"social_media_platforms" text[] NOT NULL,
	"twitter_handle" text,
	"instagram_handle" text,
	"telegram_handle" text,
	"facebook_handle" text,
	"youtube_handle" text,
	"total_followers" integer NOT NULL,
	"why_join" text NOT NULL,
	"experience" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"rejected_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_check" CHECK ("ambassador_applications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "applications_followers_check" CHECK ("ambassador_applications"."total_followers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ambassadors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"personal_telegram_handle" text,
	"total_gcm_earned" numeric(20, 2) DEFAULT '0' NOT NULL,
	"monthly_gcm" numeric(20, 2) DEFAULT '0' NOT NULL,
	"total_usdt_earned" numeric(20, 2) DEFAULT '0' NOT NULL,
	"monthly_usdt" numeric(20, 2) DEFAULT '0' NOT NULL,
	"monthly_period" date,
	"badge_level" text DEFAULT 'normal' NOT NULL,
	"badge_pinned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"gcm_wallet_address" text,
	"usdt_wallet_address" text,
	"twitter_handle" text,
	"instagram_handle" text,
	"telegram_handle" text,
	"facebook_handle" text,
	"youtube_handle" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ambassadors_money_check" CHECK ("ambassadors"."total_gcm_earned" >= 0 and "ambassadors"."monthly_gcm" >= 0 and "ambassadors"."total_usdt_earned" >= 0 and "ambassadors"."monthly_usdt" >= 0),
	CONSTRAINT "ambassadors_badge_check" CHECK ("ambassadors"."badge_level" in ('normal', 'bronze', 'silver', 'gold')),
	CONSTRAINT "ambassadors_status_check" CHECK ("ambassadors"."status" in ('active', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"absolute_expire" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" text PRIMARY KEY DEFAULT 'global' NOT NULL,
	"report_submission_enabled" boolean DEFAULT true NOT NULL,
	"last_updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"report_id" uuid,
	"withdrawal_id" uuid,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "transactions_sign_check" CHECK (("transactions"."type" = 'reward' and "transactions"."amount" > 0) or ("transactions"."type" = 'withdrawal' and "transactions"."amount" < 0 and "transactions"."currency" = 'USDT'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text,
	"password" text,
	"email" text NOT NULL,
	"full_name" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"password_setup_token" text,
	"password_setup_token_expiry" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"week_start_date" date NOT NULL,
	"week_end_date" date NOT NULL,
	"activity_report" text NOT NULL,
	"gcm_awarded" numeric(20, 2) DEFAULT '0' NOT NULL,
	"usdt_awarded" numeric(20, 2) DEFAULT '0' NOT NULL,
	"admin_notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "reports_week_check" CHECK ("weekly_reports"."week_end_date" >= "weekly_reports"."week_start_date"),
	CONSTRAINT "reports_awards_check" CHECK ("weekly_reports"."gcm_awarded" >= 0 and "weekly_reports"."usdt_awarded" >= 0),
	CONSTRAINT "reports_status_check" CHECK ("weekly_reports"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"wallet_address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawal_requests"."amount" >= 50),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawal_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassador_applications" ADD CONSTRAINT "ambassador_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD CONSTRAINT "ambassadors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD CONSTRAINT "ambassadors_application_id_ambassador_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."ambassador_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_last_updated_by_users_id_fk" FOREIGN KEY ("last_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_report_id_weekly_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."weekly_reports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_withdrawal_id_withdrawal_requests_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawal_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD CONSTRAINT "weekly_reports_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD CONSTRAINT "weekly_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "applications_live_email_key" ON "ambassador_applications" USING btree ("email") WHERE "ambassador_applications"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "applications_pending_idx" ON "ambassador_applications" USING btree ("total_followers" DESC NULLS LAST,"created_at","id") WHERE "ambassador_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "applications_status_created_idx" ON "ambassador_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ambassadors_user_key" ON "ambassadors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ambassadors_email_key" ON "ambassadors" USING btree ("email");--> statement-breakpoint
CREATE INDEX "ambassadors_leaderboard_idx" ON "ambassadors" USING btree ("monthly_period","monthly_gcm" DESC NULLS LAST,"created_at","id");--> statement-breakpoint
CREATE INDEX "ambassadors_created_idx" ON "ambassadors" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "transactions_ambassador_created_idx" ON "transactions" USING btree ("ambassador_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_report_currency_key" ON "transactions" USING btree ("report_id","currency") WHERE "transactions"."report_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_withdrawal_key" ON "transactions" USING btree ("withdrawal_id") WHERE "transactions"."withdrawal_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_setup_token_key" ON "users" USING btree ("password_setup_token");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_per_day_key" ON "weekly_reports" USING btree ("ambassador_id","submitted_on");--> statement-breakpoint
CREATE INDEX "reports_ambassador_created_idx" ON "weekly_reports" USING btree ("ambassador_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "weekly_reports" USING btree ("status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "weekly_reports" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "withdrawals_ambassador_idx" ON "withdrawal_requests" USING btree ("ambassador_id","status");--> statement-breakpoint
CREATE INDEX "withdrawals_ambassador_created_idx" ON "withdrawal_requests" USING btree ("ambassador_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_idx" ON "withdrawal_requests" USING btree ("status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawal_requests" USING btree ("created_at" DESC NULLS LAST,"id");