CREATE TABLE "ambassador_sightings" (
	"ambassador_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ambassador_sightings_ambassador_id_kind_hash_pk" PRIMARY KEY("ambassador_id","kind","hash"),
	CONSTRAINT "ambassador_sightings_kind_check" CHECK ("ambassador_sightings"."kind" in ('device', 'network'))
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"ambassador_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"network" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_clicks_ambassador_id_day_visitor_pk" PRIMARY KEY("ambassador_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid,
	"application_id" uuid NOT NULL,
	"referee_id" uuid,
	"status" text DEFAULT 'applied' NOT NULL,
	"reason" text,
	"flags" text[],
	"month" text,
	"rule" jsonb,
	"qualified_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason_code" text,
	"facts" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('applied', 'not_approved', 'credited', 'held', 'refused', 'not_credited'))
);
--> statement-breakpoint
ALTER TABLE "appeals" DROP CONSTRAINT "appeals_subject_check";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_sign_check";--> statement-breakpoint
ALTER TABLE "ambassador_applications" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "referral_code" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "referral_id" uuid;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "referral" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "referral_id" uuid;--> statement-breakpoint
ALTER TABLE "ambassador_sightings" ADD CONSTRAINT "ambassador_sightings_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_ambassadors_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."ambassadors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_application_id_ambassador_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."ambassador_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_ambassadors_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."ambassadors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_clicks_network_key" ON "referral_clicks" USING btree ("ambassador_id","day","network");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_application_key" ON "referrals" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_referee_idx" ON "referrals" USING btree ("referee_id");--> statement-breakpoint
CREATE INDEX "referrals_status_idx" ON "referrals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "referrals_credited_idx" ON "referrals" USING btree ("referrer_id","month") WHERE "referrals"."status" = 'credited';--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_device_idx" ON "ambassador_applications" USING btree ("device_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ambassadors_referral_code_key" ON "ambassadors" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_referral_key" ON "appeals" USING btree ("referral_id") WHERE "appeals"."referral_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_referral_currency_key" ON "transactions" USING btree ("referral_id","currency") WHERE "transactions"."referral_id" is not null;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_subject_check" CHECK (("appeals"."kind" = 'report' and "appeals"."report_id" is not null and "appeals"."withdrawal_id" is null and "appeals"."referral_id" is null) or ("appeals"."kind" = 'withdrawal' and "appeals"."withdrawal_id" is not null and "appeals"."report_id" is null and "appeals"."referral_id" is null) or ("appeals"."kind" = 'referral' and "appeals"."referral_id" is not null and "appeals"."report_id" is null and "appeals"."withdrawal_id" is null));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sign_check" CHECK (("transactions"."type" = 'reward' and "transactions"."amount" > 0) or ("transactions"."type" = 'referral' and "transactions"."amount" > 0 and "transactions"."referral_id" is not null) or ("transactions"."type" = 'withdrawal' and "transactions"."amount" < 0 and "transactions"."currency" = 'USDT') or ("transactions"."type" in ('prize', 'lottery') and "transactions"."amount" > 0 and "transactions"."currency" = 'USDT' and "transactions"."season_month" is not null));