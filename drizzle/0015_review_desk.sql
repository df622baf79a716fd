CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"report_id" uuid,
	"withdrawal_id" uuid,
	"ambassador_id" uuid NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason_code" text,
	"decision_facts" text,
	"decision_by" uuid,
	"decision_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"facts" text,
	"gcm_awarded" numeric(20, 2),
	"usdt_awarded" numeric(20, 2),
	"queue_rank" integer GENERATED ALWAYS AS (case when status = 'pending' then 0 else 1 end) STORED NOT NULL,
	CONSTRAINT "appeals_status_check" CHECK ("appeals"."status" in ('pending', 'upheld', 'overturned')),
	CONSTRAINT "appeals_subject_check" CHECK (("appeals"."kind" = 'report' and "appeals"."report_id" is not null and "appeals"."withdrawal_id" is null) or ("appeals"."kind" = 'withdrawal' and "appeals"."withdrawal_id" is not null and "appeals"."report_id" is null))
);
--> statement-breakpoint
ALTER TABLE "ambassador_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ambassador_applications" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "suspended_by" uuid;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "suspension_reason_code" text;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "suspension_facts" text;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "service_levels" jsonb DEFAULT '{"reports":5,"applications":7,"withdrawals":2,"appeals":5}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_report_id_weekly_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."weekly_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_withdrawal_id_withdrawal_requests_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawal_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decision_by_users_id_fk" FOREIGN KEY ("decision_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_report_key" ON "appeals" USING btree ("report_id") WHERE "appeals"."report_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_withdrawal_key" ON "appeals" USING btree ("withdrawal_id") WHERE "appeals"."withdrawal_id" is not null;--> statement-breakpoint
CREATE INDEX "appeals_queue_idx" ON "appeals" USING btree ("queue_rank","created_at","id");--> statement-breakpoint
CREATE INDEX "appeals_created_idx" ON "appeals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "appeals_decided_idx" ON "appeals" USING btree ("decided_at") WHERE "appeals"."decided_at" is not null;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD CONSTRAINT "ambassadors_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_decided_idx" ON "ambassador_applications" USING btree ("decided_at") WHERE "ambassador_applications"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "public_log_kind_idx" ON "public_log" USING btree ("kind","seq");--> statement-breakpoint
CREATE INDEX "reports_reviewed_idx" ON "weekly_reports" USING btree ("reviewed_at") WHERE "weekly_reports"."reviewed_at" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_reviewed_idx" ON "withdrawal_requests" USING btree ("reviewed_at") WHERE "withdrawal_requests"."reviewed_at" is not null;--> statement-breakpoint
-- An application's decision time (hours to decide, DECISIONS §6): a rejection's is its rejected_at;
-- an approval's is when its ambassador was made (the approval made it, in one transaction).
UPDATE "ambassador_applications" SET "decided_at" = "rejected_at" WHERE "status" = 'rejected' AND "decided_at" IS NULL;--> statement-breakpoint
UPDATE "ambassador_applications" p SET "decided_at" = a."created_at" FROM "ambassadors" a WHERE a."application_id" = p."id" AND p."status" = 'approved' AND p."decided_at" IS NULL;--> statement-breakpoint
-- A suspension made before reasons existed: when and by whom, from its activity-log row (no reason recorded).
UPDATE "ambassadors" a SET "suspended_at" = x."created_at", "suspended_by" = x."admin_id"
  FROM (
    SELECT DISTINCT ON ("target_id") "target_id", "created_at", "admin_id" FROM "admin_actions"
    WHERE "target_type" = 'ambassador' AND "changes" -> 'status' ->> 1 = 'suspended'
    ORDER BY "target_id", "created_at" DESC
  ) x
  WHERE a."status" = 'suspended' AND x."target_id" = a."id"::text;
